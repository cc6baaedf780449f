package dev.flightdeck.views.queues;

import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * One Volcano Queue on the Queues screen, laid out as a ClusterQueue is: its name, state and counts, then per
 * resource (GPUs first) a bar of what is allocated against its capability with every bound in words beside it.
 */
final class VolcanoQueuePane extends VBox {

    VolcanoQueuePane(QueuesTable.VolcanoRow q) {
        setId("vq-" + q.name());
        getStyleClass().addAll(Styles.PANEL, "cluster-queue");
        Label name = new Label("Volcano queue " + q.name());
        name.getStyleClass().add(Styles.SECTION_TITLE);
        Label counts = new Label(q.counts());
        counts.setId("vq-counts-" + q.name());
        counts.getStyleClass().add(q.closed() ? Styles.PROBLEM : Styles.MUTED);
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(4);
        int row = 0;
        for (QueuesTable.VolcanoResource r : q.resources()) {
            Label what = new Label(r.resource());
            what.getStyleClass().add(Styles.MONO);
            ProgressBar bar = new ProgressBar(r.fill());
            bar.setPrefWidth(ClusterQueuePane.BAR_WIDTH);
            bar.setAccessibleText(r.resource() + ": " + r.words());
            if (r.fill() >= 1) {
                bar.getStyleClass().add("quota-full");
            }
            grid.addRow(row++, what, bar, new Label(r.words()));
        }
        if (q.resources().isEmpty()) {
            grid.addRow(0, new Label("no capability, deserved share or guarantee set, and nothing allocated"));
        }
        HBox title = new HBox(12, name, counts);
        title.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
        getChildren().addAll(title, grid);
        setSpacing(6);
    }
}
