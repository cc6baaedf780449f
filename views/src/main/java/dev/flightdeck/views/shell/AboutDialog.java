package dev.flightdeck.views.shell;

import dev.flightdeck.app.about.BuildInfo;
import dev.flightdeck.app.about.License;
import dev.flightdeck.app.settings.AppDirectories;
import dev.flightdeck.views.theme.Styles;
import dev.flightdeck.views.copy.CopiedText;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Which Flightdeck this is (version, commit, build time), what it runs on (Java, JavaFX, OS),
 * where it keeps its settings and journal, and its license (the full text one click away);
 * "Copy" puts it all on the clipboard for a bug report.
 */
final class AboutDialog extends Stage {

    AboutDialog(Window owner, String javafx) {
        if (owner != null) {
            initOwner(owner);
            initModality(Modality.WINDOW_MODAL);
        }
        setTitle("About Flightdeck");
        BuildInfo b = BuildInfo.current();
        AppDirectories dirs = AppDirectories.standard();
        String[][] rows = {
                {"Version", b.version()},
                {"Commit", b.commit()},
                {"Built", b.built()},
                {"Runtime", BuildInfo.runtime()},
                {"UI toolkit", javafx},
                {"Settings", dirs.settingsFile().toString()},
                {"Journal and reports", dirs.data().toString()},
                {"License", License.NAME},
        };
        GridPane grid = new GridPane(12, 6);
        StringBuilder copy = new StringBuilder(b.line()).append('\n');
        for (int i = 0; i < rows.length; i++) {
            Label key = new Label(rows[i][0]);
            key.getStyleClass().add(Styles.KEY);
            Label value = new Label(rows[i][1]);
            value.setId("about-" + rows[i][0].toLowerCase(java.util.Locale.ROOT).replace(' ', '-'));
            grid.addRow(i, key, value);
            copy.append(rows[i][0]).append(": ").append(rows[i][1]).append('\n');
        }
        Label title = new Label(b.line());
        title.getStyleClass().add(Styles.DETAILS_TITLE);
        Button copyButton = new Button("Copy");
        copyButton.setOnAction(e -> CopiedText.toClipboard(copy.toString()));
        TextArea licenseText = licenseText();
        Button licenseButton = new Button("License text");
        licenseButton.setId("about-license-button");
        licenseButton.setOnAction(e -> {
            boolean show = !licenseText.isVisible();
            if (show && licenseText.getText().isEmpty()) {
                licenseText.setText(License.text());
            }
            licenseText.setVisible(show);
            licenseText.setManaged(show);
            sizeToScene();
        });
        Button close = new Button("Close");
        close.setId("about-close");
        close.setCancelButton(true);
        close.setDefaultButton(true);
        close.setOnAction(e -> close());
        VBox root = new VBox(12, title, grid, licenseText, new HBox(8, copyButton, licenseButton, close));
        root.setPadding(new Insets(16));
        root.getStyleClass().add(Styles.ROOT);
        root.setId("about-dialog");
        Scene scene = new Scene(root);
        dev.flightdeck.views.theme.Themes.install(scene);
        setScene(scene);
    }

    /** The full text, hidden until asked for (it is read from the jar on the first click, not for every About). */
    private static TextArea licenseText() {
        TextArea area = new TextArea();
        area.setId("about-license-text");
        area.setEditable(false);
        area.setWrapText(false);
        area.setPrefRowCount(18);
        area.setPrefColumnCount(80);
        area.getStyleClass().add(Styles.MONO);
        area.setVisible(false);
        area.setManaged(false);
        return area;
    }
}
