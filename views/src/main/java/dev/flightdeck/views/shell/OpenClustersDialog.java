package dev.flightdeck.views.shell;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.settings.OpenContexts;
import dev.flightdeck.views.theme.Styles;
import dev.flightdeck.views.theme.TlsOffBadge;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Which kubeconfig contexts stay open at once, each with its own session and watches; "All
 * contexts" keeps every context open, including ones added to the kubeconfig later. The choice is
 * handed back as {@link OpenContexts} (the window saves it in the settings).
 */
final class OpenClustersDialog extends Stage {

    OpenClustersDialog(Window owner, List<ContextChoice> contexts, List<ConnectionTarget> keptNow,
                       Consumer<OpenContexts> chosen) {
        if (owner != null) {
            initOwner(owner);
            initModality(Modality.WINDOW_MODAL);
        }
        setTitle("Clusters kept open");
        Label intro = new Label("Each cluster kept open has its own connection and watches, so switching to it is "
                + "instant and the Fleet screen shows it. A cluster that is down or slow delays none of the others.");
        intro.setWrapText(true);
        intro.getStyleClass().add(Styles.MUTED);
        CheckBox all = new CheckBox("All contexts (also those added to the kubeconfig later)");
        all.setId("open-all-contexts");
        Map<String, CheckBox> boxes = new LinkedHashMap<>();
        VBox list = new VBox(4);
        for (ContextChoice c : contexts) {
            CheckBox b = new CheckBox(c.label());
            b.setId("open-context-" + c.target().displayName());
            b.setSelected(keptNow.stream().anyMatch(t -> t.displayName().equals(c.target().displayName())));
            b.disableProperty().bind(all.selectedProperty());
            boxes.put(c.target().displayName(), b);
            list.getChildren().add(c.tlsVerificationOff()
                    ? new HBox(8, b, TlsOffBadge.create("open-context-tls-off-" + c.target().displayName())) : b);
        }
        all.setSelected(!contexts.isEmpty() && boxes.values().stream().allMatch(CheckBox::isSelected));
        Button ok = new Button("Keep these open");
        ok.setId("open-clusters-ok");
        ok.setDefaultButton(true);
        ok.setOnAction(e -> {
            List<String> names = new ArrayList<>();
            boxes.forEach((n, b) -> {
                if (b.isSelected()) {
                    names.add(n);
                }
            });
            chosen.accept(new OpenContexts(all.isSelected(), all.isSelected() ? List.of() : names));
            close();
        });
        Button cancel = new Button("Cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> close());
        HBox buttons = new HBox(8, ok, cancel);
        ScrollPane scroll = new ScrollPane(list);
        scroll.setFitToWidth(true);
        scroll.setPrefViewportHeight(260);
        VBox root = new VBox(10, intro, all, scroll, buttons);
        root.setPadding(new Insets(12));
        root.getStyleClass().add(Styles.ROOT);
        Scene scene = new Scene(root, 520, 420);
        dev.flightdeck.views.theme.Themes.install(scene);
        setScene(scene);
    }
}
