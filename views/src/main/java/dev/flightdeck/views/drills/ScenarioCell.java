package dev.flightdeck.views.drills;

import dev.flightdeck.drills.Scenario;
import dev.flightdeck.drills.ScenarioCatalog;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.VBox;

import java.util.Locale;

/** One scenario in the list: its id and level, its title; a refused file with why. */
final class ScenarioCell extends ListCell<ScenarioCatalog.Entry> {

    private final Label id = new Label();
    private final Label title = new Label();
    private final VBox box = new VBox(2, id, title);

    ScenarioCell() {
        title.getStyleClass().add(Styles.MUTED);
        title.setWrapText(true);
        // Wrap within the list's width (a cell would otherwise grow to the longest title and scroll sideways).
        listViewProperty().addListener((o, old, list) -> {
            if (list != null) {
                title.maxWidthProperty().bind(list.widthProperty().subtract(36));
                id.maxWidthProperty().bind(list.widthProperty().subtract(36));
            }
        });
    }

    @Override
    protected void updateItem(ScenarioCatalog.Entry e, boolean empty) {
        super.updateItem(e, empty);
        if (empty || e == null) {
            setGraphic(null);
            return;
        }
        if (e.ok()) {
            Scenario s = e.scenario();
            id.setText(s.id() + "  ·  " + s.level().name().toLowerCase(Locale.ROOT).replace('_', '-'));
            title.setText(s.title());
            id.getStyleClass().remove(Styles.PROBLEM);
        } else {
            id.setText("refused: " + e.source());
            title.setText(e.error().getMessage());
            if (!id.getStyleClass().contains(Styles.PROBLEM)) {
                id.getStyleClass().add(Styles.PROBLEM);
            }
        }
        setGraphic(box);
    }
}
