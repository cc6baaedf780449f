package dev.flightdeck.views.pressure;

import dev.flightdeck.sandbox.metrics.Episode;
import dev.flightdeck.sandbox.metrics.SandboxPressure;
import dev.flightdeck.views.theme.Icons;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuButton;
import javafx.scene.control.Tooltip;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.Map;

/**
 * On the sandbox only: switch its simulated pressure episodes on and off, to see what the
 * screen shows when the control plane is in trouble (and to rehearse for it).
 */
final class EpisodeMenu extends MenuButton {

    private static final Map<Episode, String> NAMES = Map.of(
            Episode.APF_429_STORM, "APF 429 storm on workload-low",
            Episode.SERVER_ERRORS_5XX, "5xx burst with slow requests",
            Episode.READYZ_FAILING, "Failing readyz check (etcd)",
            Episode.EVENT_FLOOD, "Event flood");

    EpisodeMenu(ObservableValue<SandboxPressure> sandbox) {
        super("Simulate", new FontIcon(Icons.SANDBOX));
        setId("simulate-episode");
        setTooltip(new Tooltip("Sandbox only: make its API server report trouble"));
        for (Episode e : Episode.values()) {
            CheckMenuItem item = new CheckMenuItem(NAMES.get(e));
            item.setId("episode-" + e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            item.setOnAction(x -> {
                SandboxPressure p = sandbox.getValue();
                if (p != null) {
                    if (item.isSelected()) {
                        p.start(e);
                    } else {
                        p.stop(e);
                    }
                }
            });
            getItems().add(item);
        }
        // Shown only on the sandbox; ticks follow what is on when the sandbox changes.
        visibleProperty().bind(sandbox.map(p -> true).orElse(false));
        managedProperty().bind(visibleProperty());
        setOnShowing(x -> {
            SandboxPressure p = sandbox.getValue();
            Episode[] all = Episode.values();
            for (int i = 0; i < all.length; i++) {
                ((CheckMenuItem) getItems().get(i)).setSelected(p != null && p.isActive(all[i]));
            }
        });
    }
}
