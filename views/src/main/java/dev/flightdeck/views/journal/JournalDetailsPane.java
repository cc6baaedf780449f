package dev.flightdeck.views.journal;

import dev.flightdeck.views.copy.CopiedText;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.Locale;
import java.util.Map;

/**
 * The selected entry in full: every field on the left with its details as key/value lines, and
 * on the right the details as indented JSON. A saved object (what a resume deleted) has its own
 * Copy button, so it can be taken back to {@code kubectl apply -f -} without the rest.
 */
final class JournalDetailsPane extends SplitPane {

    private final VBox fields = new VBox(6);
    private final TextArea json = new TextArea();
    private final Button copyJson = new Button("Copy JSON", new FontIcon(Icons.COPY));

    JournalDetailsPane(JournalViewModel vm) {
        setId("journal-details");
        fields.getStyleClass().add(Styles.DETAILS);
        ScrollPane left = new ScrollPane(fields);
        left.setFitToWidth(true);
        left.setFitToHeight(true);

        json.setId("journal-details-json");
        json.setEditable(false);
        json.getStyleClass().add(Styles.JSON_TEXT);
        VBox.setVgrow(json, Priority.ALWAYS);
        copyJson.setId("journal-copy-json");
        copyJson.setTooltip(new Tooltip("Copy the whole details as JSON"));
        copyJson.setOnAction(e -> CopiedText.toClipboard(json.getText()));
        Label jsonTitle = section("Details as JSON");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        VBox right = new VBox(6, new HBox(8, jsonTitle, gap, copyJson), json);
        right.getStyleClass().add(Styles.DETAILS);

        getItems().setAll(left, right);
        // Nothing selected: the hint on the left is all there is to say; an empty JSON box beside it is noise.
        right.visibleProperty().bind(vm.selectedProperty().isNotNull());
        setDividerPositions(0.5);
        vm.selectedProperty().addListener((o, old, e) -> show(e));
        show(vm.selectedProperty().get());
    }

    private void show(JournalEntry e) {
        if (e == null) {
            Label hint = new Label("Select an entry to see all its fields and details.");
            hint.getStyleClass().add(Styles.MUTED);
            fields.getChildren().setAll(hint);
            json.clear();
            copyJson.setDisable(true);
            return;
        }
        Label title = new Label(e.action() + " · " + e.phase() + " · " + e.target(), new FontIcon(Icons.JOURNAL));
        title.setId("journal-details-title");
        title.getStyleClass().add(Styles.DETAILS_TITLE);
        title.setWrapText(true);

        GridPane grid = new GridPane(12, 4);
        int r = 0;
        row(grid, r++, "Time", EntryText.TIME_MS.format(e.at()));
        row(grid, r++, "Cluster", e.cluster());
        row(grid, r++, "Context", e.context());
        row(grid, r++, "User", e.user());
        row(grid, r++, "Action", e.action());
        row(grid, r++, "Phase", e.phase());
        row(grid, r++, "Target", e.target());
        row(grid, r++, "Message", e.message());
        row(grid, r, "Took", e.durationMs() < 0 ? "not measured" : EntryText.took(e.durationMs()));

        fields.getChildren().setAll(title, grid, section("Details"), details(e.details()));
        json.setText(DetailsText.prettyJson(e.details()));
        copyJson.setDisable(e.details().isEmpty());
    }

    private Node details(Map<String, Object> details) {
        if (details.isEmpty()) {
            Label none = new Label("none");
            none.getStyleClass().add(Styles.MUTED);
            return none;
        }
        GridPane grid = new GridPane(12, 4);
        int r = 0;
        for (DetailsText.Line line : DetailsText.lines(details)) {
            Label v = row(grid, r, line.key(), line.text());
            v.setId("journal-detail-" + line.key());
            if (line.object()) {
                Button copy = new Button("Copy", new FontIcon(Icons.COPY));
                copy.setId("journal-copy-" + line.key());
                copy.setTooltip(new Tooltip("Copy " + line.key() + " as JSON"));
                Object value = details.get(line.key());
                copy.setOnAction(a -> CopiedText.toClipboard(DetailsText.prettyJson(value)));
                copy.setMinWidth(Region.USE_PREF_SIZE);
                grid.add(copy, 2, r);
                v.setTooltip(new Tooltip("Saved whole: see the JSON, or Copy"));
            }
            r++;
        }
        return grid;
    }

    private static Label row(GridPane grid, int r, String key, String value) {
        Label k = new Label(key);
        k.getStyleClass().add(Styles.KEY);
        k.setMinWidth(Region.USE_PREF_SIZE);
        Label v = new Label(value == null || value.isBlank() ? "—" : value);
        v.setId("journal-field-" + key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
        v.setWrapText(true);
        v.setMaxWidth(520);
        grid.addRow(r, k, v);
        return v;
    }

    private static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.SECTION_TITLE);
        return l;
    }
}
