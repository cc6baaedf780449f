package dev.flightdeck.views.queues;

import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * One ClusterQueue on the Queues screen: its name and counts, then per flavor and resource (GPUs first) a bar of
 * what is reserved against the quota with the figures beside it, so the bar is never read by its colour alone.
 */
final class ClusterQueuePane extends VBox {

    static final double BAR_WIDTH = 220;

    ClusterQueuePane(QueuesTable.QueueRow q) {
        setId("cq-" + q.name());
        getStyleClass().addAll(Styles.PANEL, "cluster-queue");
        Label name = new Label("ClusterQueue " + q.name());
        name.getStyleClass().add(Styles.SECTION_TITLE);
        Label counts = new Label(q.counts());
        counts.setId("cq-counts-" + q.name());
        counts.getStyleClass().add(Styles.MUTED);
        if (q.stopPolicy() != null && !q.stopPolicy().isEmpty() && !"None".equals(q.stopPolicy()) || q.inactive() != null) {
            counts.getStyleClass().add(Styles.PROBLEM);
        }
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(4);
        int row = 0;
        for (QueuesTable.ResourceRow r : q.resources()) {
            Label what = new Label(r.resource() + " · " + r.flavor());
            what.getStyleClass().add(Styles.MONO);
            ProgressBar bar = new ProgressBar(r.fill());
            bar.setPrefWidth(BAR_WIDTH);
            bar.setAccessibleText(r.resource() + " in flavor " + r.flavor() + ": " + r.words());
            if (r.fill() >= 1) {
                bar.getStyleClass().add("quota-full");
            }
            Label words = new Label(r.words());
            // ids are CSS selectors: a resource's dots and slashes would not select
            words.setId(("cq-" + q.name() + "-" + r.flavor() + "-" + r.resource()).replaceAll("[^A-Za-z0-9-]", "-"));
            grid.addRow(row++, what, bar, words);
        }
        if (q.resources().isEmpty()) {
            grid.addRow(0, new Label("no quota set (spec.resourceGroups is empty): nothing can be admitted here"));
        }
        HBox title = new HBox(12, name, counts);
        title.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
        getChildren().addAll(title, grid);
        setSpacing(6);
    }
}
