package dev.flightdeck.views.nodes;

import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.List;

/**
 * The selected node's GPUs from telemetry, one row each: index, model, utilisation with its last hour, memory,
 * temperature, power, SM clock (flagged when throttled), ECC, row remapping, last Xid and the pod using it. When there
 * is no telemetry for the node, one quiet line says why. Rebuilt per refresh: eight rows of labels.
 */
final class NodeGpusPane extends VBox {

    static final List<String> HEADERS = List.of("GPU", "Model", "Utilisation (last hour)", "Memory", "Temp", "Power",
            "SM clock", "ECC SBE / DBE", "Row remap", "Last Xid", "Replays", "Pod");

    private final NodeGpusViewModel vm;
    private final Label title = new Label();
    private final Label note = new Label();
    private final GridPane grid = new GridPane(12, 3);

    NodeGpusPane(NodeGpusViewModel vm) {
        super(4);
        this.vm = vm;
        setId("node-gpus");
        title.getStyleClass().add(Styles.SECTION_TITLE);
        title.setId("node-gpus-title");
        note.setId("node-gpus-note");
        note.getStyleClass().add(Styles.MUTED);
        note.setWrapText(true);
        grid.setId("node-gpus-table");
        grid.getStyleClass().add("gpu-table");
        getChildren().addAll(title, note, grid);
        vm.lines().addListener((ListChangeListener<GpuLine>) c -> show());
        vm.noteProperty().addListener((o, a, b) -> show());
        show();
    }

    private void show() {
        List<GpuLine> lines = vm.lines();
        String why = vm.noteProperty().get();
        boolean any = !lines.isEmpty();
        setVisible(any || why != null);
        setManaged(isVisible());
        title.setText(any ? "GPUs (" + lines.size() + ") · " + vm.sourceProperty().get() : "");
        title.setVisible(any); // without GPUs the quiet line says it all
        title.setManaged(any);
        note.setText(why == null ? "" : why);
        note.setVisible(why != null);
        note.setManaged(why != null);
        grid.getChildren().clear();
        grid.setVisible(any);
        grid.setManaged(any);
        if (!any) {
            return;
        }
        for (int c = 0; c < HEADERS.size(); c++) {
            Label h = fixed(new Label(HEADERS.get(c)));
            h.getStyleClass().add(Styles.KEY);
            grid.add(h, c, 0);
        }
        int r = 1;
        for (GpuLine l : lines) {
            Label index = fixed(new Label(String.valueOf(l.index())));
            if (l.trouble() != null) {
                // A shape and bold text, not a colour alone; the words are in the tooltip and the node's reasons.
                index.setGraphic(Icons.icon(Icons.ERROR));
                index.getStyleClass().add(Styles.PROBLEM);
                index.setTooltip(new Tooltip("GPU " + l.index() + ": " + l.trouble()));
            }
            index.setId("gpu-" + l.index());
            grid.addRow(r++, index, fixed(new Label(l.model())), util(l), fixed(new Label(l.memory())),
                    fixed(new Label(l.temperature())), fixed(new Label(l.power())), flagged(l.clock()), flagged(l.ecc()),
                    flagged(l.rowRemap()), flagged(l.lastXid()), fixed(new Label(l.replays())), pod(l.pod()));
        }
    }

    private static Node util(GpuLine l) {
        Label pct = fixed(new Label(l.utilText()));
        pct.setMinWidth(36);
        HBox box = new HBox(6, new UtilSparkline(l.history()), pct);
        box.setMinWidth(Region.USE_PREF_SIZE);
        Tooltip.install(box, new Tooltip("GPU " + l.index() + " utilisation, one bar per 30 s refresh over the last hour;"
                + " a gap is a refresh without a reading"));
        return box;
    }

    /** A flagged cell is bold with a warning mark: never colour alone. */
    private static Label flagged(GpuLine.Flagged f) {
        Label l = fixed(new Label(f.text()));
        if (f.flagged()) {
            l.setGraphic(Icons.icon(Icons.WARNING, Styles.verdict(dev.flightdeck.app.nodes.NodeVerdict.DEGRADED)));
            l.getStyleClass().add(Styles.PROBLEM);
        }
        return l;
    }

    private static Label pod(String pod) {
        Label l = new Label(pod);
        l.setMinWidth(120);
        l.setTooltip(new Tooltip(pod));
        return l;
    }

    private static Label fixed(Label l) {
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
