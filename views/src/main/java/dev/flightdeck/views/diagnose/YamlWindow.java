package dev.flightdeck.views.diagnose;

import dev.flightdeck.views.copy.CopiedText;
import dev.flightdeck.views.theme.Styles;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;


/**
 * The read-only YAML of one object, in a window of its own beside the console (an SRE reads it next to the map):
 * selectable, copyable and savable — through the redaction boundary, like everything that leaves the console.
 * Esc closes it; F5 reads it again.
 */
public final class YamlWindow extends Stage {

    public YamlWindow(Window owner, YamlViewModel vm, String cluster) {
        if (owner != null) {
            initOwner(owner);
        }
        titleProperty().bind(vm.titleProperty().map(t -> t + " — YAML on " + cluster));
        Label heading = new Label();
        heading.setId("yaml-title");
        heading.getStyleClass().add(Styles.DETAILS_TITLE);
        heading.textProperty().bind(vm.titleProperty());
        Label loading = new Label("Reading…");
        loading.getStyleClass().add(Styles.MUTED);
        loading.visibleProperty().bind(vm.loadingProperty());
        loading.managedProperty().bind(loading.visibleProperty());
        Label problem = new Label();
        problem.setId("yaml-problem");
        problem.getStyleClass().add(Styles.PROBLEM);
        problem.setWrapText(true);
        problem.textProperty().bind(vm.problemProperty());
        problem.visibleProperty().bind(vm.problemProperty().isNotNull());
        problem.managedProperty().bind(problem.visibleProperty());

        TextArea text = new TextArea();
        text.setId("yaml-text");
        text.getStyleClass().addAll(Styles.JSON_TEXT, Styles.MONO);
        text.setEditable(false);
        text.setWrapText(false);
        text.textProperty().bind(vm.yamlProperty());
        VBox.setVgrow(text, Priority.ALWAYS);

        Button copy = new Button("Copy");
        copy.setId("yaml-copy");
        copy.disableProperty().bind(vm.yamlProperty().isEmpty());
        copy.setOnAction(e -> CopiedText.toClipboard(text.getSelectedText().isEmpty() ? vm.yamlProperty().get()
                : text.getSelectedText()));
        Button save = new Button("Save…");
        save.setId("yaml-save");
        save.disableProperty().bind(vm.yamlProperty().isEmpty());
        save.setOnAction(e -> CopiedText.saveAs(this, "Save the YAML", vm.titleProperty().get() + ".yaml", vm.yamlProperty().get()));
        Button reload = new Button("Reload");
        reload.setId("yaml-reload");
        reload.disableProperty().bind(vm.loadingProperty());
        reload.setOnAction(e -> vm.reload());
        Button close = new Button("Close");
        close.setId("yaml-close");
        close.setCancelButton(true);
        close.setOnAction(e -> close());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, reload, spacer, copy, save, close);
        buttons.setAlignment(Pos.CENTER_RIGHT);

        BorderPane root = new BorderPane(text, new VBox(6, heading, loading, problem), null, buttons, null);
        BorderPane.setMargin(buttons, new Insets(8, 0, 0, 0));
        BorderPane.setMargin(text, new Insets(8, 0, 0, 0));
        root.setPadding(new Insets(12));
        root.setId("yaml-window");
        root.getStyleClass().add(Styles.ROOT);
        Scene scene = new Scene(root, 760, 680);
        dev.flightdeck.views.theme.Themes.install(scene);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F5), vm::reload);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                copy::fire);
        setScene(scene);
        vm.reload();
    }
}
