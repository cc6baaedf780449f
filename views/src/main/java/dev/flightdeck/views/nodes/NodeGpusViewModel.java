package dev.flightdeck.views.nodes;

import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.views.telemetry.TelemetrySnapshot;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The selected node's GPUs as its telemetry shows them: one {@link GpuLine} per GPU, or one quiet line saying why
 * there are none ("no GPU telemetry: …", "no GPU telemetry series for this node"). Follows the selection and each
 * telemetry refresh; a refresh costs the node's GPUs (8), looked up in the frame's index, never a walk of the frame.
 * FX thread (or a test thread).
 */
public final class NodeGpusViewModel {

    private static final DateTimeFormatter HH_MM_SS = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private final ObservableValue<String> node;
    private final ObservableValue<TelemetrySnapshot> telemetry;
    private final ObservableList<GpuLine> lines = FXCollections.observableArrayList();
    // One read-only view, kept: a new wrapper per call loses its listeners when it is collected.
    private final ObservableList<GpuLine> linesView = FXCollections.unmodifiableObservableList(lines);
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note");
    private final ReadOnlyStringWrapper source = new ReadOnlyStringWrapper(this, "source", "");

    /**
     * @param node      the selected node's name, null when none
     * @param telemetry the shown cluster's telemetry
     */
    public NodeGpusViewModel(ObservableValue<String> node, ObservableValue<TelemetrySnapshot> telemetry) {
        this.node = node;
        this.telemetry = telemetry;
        node.addListener((o, a, b) -> refresh());
        telemetry.addListener((o, a, b) -> refresh());
        refresh();
    }

    /** For the nodes screen: the node selected on it. */
    public static NodeGpusViewModel of(NodesViewModel nodes, ObservableValue<TelemetrySnapshot> telemetry) {
        return new NodeGpusViewModel(nodes.selectedProperty().map(NodeRow::name), telemetry);
    }

    private void refresh() {
        String name = node.getValue();
        TelemetrySnapshot t = telemetry.getValue();
        List<GpuSignals> gpus = name == null || t == null ? List.of() : t.frame().onNode(name);
        List<GpuLine> now = new ArrayList<>(gpus.size());
        for (GpuSignals g : gpus) {
            now.add(GpuLine.of(g, t.historyOf(g.placement().key())));
        }
        // The words first, the rows last: the pane redraws on the rows, once per refresh, reading the words then.
        if (name == null || t == null) {
            note.set(null);
            source.set("");
        } else if (!t.hasFrame()) {
            note.set(t.whyNone());
            source.set("");
        } else {
            note.set(gpus.isEmpty() ? "no GPU telemetry series for this node (" + t.frame().frame().source() + ")" : null);
            source.set(t.frame().frame().source() + ", read " + HH_MM_SS.format(t.frame().frame().at()) + " UTC");
        }
        lines.setAll(now);
    }

    /** The node's GPUs in index order; empty when it has no series (see {@link #noteProperty()}). */
    public ObservableList<GpuLine> lines() {
        return linesView;
    }

    /** Why no GPU is listed, in one line; null when they are (or no node is selected). */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** Where the rows come from and when they were read: "a Prometheus at …, read 14:30:05 UTC"; "" when none. */
    public ReadOnlyStringProperty sourceProperty() {
        return source.getReadOnlyProperty();
    }
}
