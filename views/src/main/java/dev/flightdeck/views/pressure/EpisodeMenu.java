package dev.flightdeck.views.pressure;

import dev.flightdeck.app.connect.SimulatedEpisodes;
import dev.flightdeck.views.theme.Icons;
import javafx.collections.ListChangeListener;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.Locale;

/**
 * On the sandbox only: switch its simulated pressure episodes on and off, to see what the
 * screen shows when the control plane is in trouble (and to rehearse for it). The episodes and
 * their ticks are the sandbox's own, read from it when the menu opens.
 */
final class EpisodeMenu extends MenuButton {

    private final PressureViewModel vm;

    EpisodeMenu(PressureViewModel vm) {
        super("Simulate", new FontIcon(Icons.SANDBOX));
        this.vm = vm;
        setId("simulate-episode");
        setTooltip(new Tooltip("Sandbox only: make its API server report trouble"));
        visibleProperty().bind(vm.simulatedProperty().map(p -> true).orElse(false));
        managedProperty().bind(visibleProperty());
        vm.episodes().addListener((ListChangeListener<SimulatedEpisodes.Episode>) c -> showEpisodes());
        vm.episodeProblemProperty().addListener((o, was, problem) -> showEpisodes());
        setOnShowing(x -> vm.refreshEpisodes());
        showEpisodes();
    }

    /** One tick item per episode, kept (not rebuilt) so an open menu does not jump under the pointer. */
    private void showEpisodes() {
        java.util.Set<String> offered = new java.util.HashSet<>();
        for (SimulatedEpisodes.Episode e : vm.episodes()) {
            String id = "episode-" + e.name().toLowerCase(Locale.ROOT).replace('_', '-');
            CheckMenuItem item = (CheckMenuItem) getItems().stream().filter(i -> id.equals(i.getId())).findFirst()
                    .orElseGet(() -> add(id, e));
            item.setSelected(e.on());
            offered.add(id);
        }
        getItems().removeIf(i -> !offered.contains(i.getId()));
        String problem = vm.episodeProblemProperty().get();
        if (problem != null || getItems().isEmpty()) {
            MenuItem note = new MenuItem(problem != null ? problem : "Reading the sandbox's episodes…");
            note.setId("episode-problem");
            note.setDisable(true);
            getItems().add(note);
        }
    }

    private CheckMenuItem add(String id, SimulatedEpisodes.Episode e) {
        CheckMenuItem item = new CheckMenuItem(e.title());
        item.setId(id);
        item.setOnAction(x -> vm.switchEpisode(e.name(), item.isSelected()));
        getItems().add(item);
        return item;
    }
}
