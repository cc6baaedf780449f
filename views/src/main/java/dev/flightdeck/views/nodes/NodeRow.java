package dev.flightdeck.views.nodes;

import dev.flightdeck.views.rows.BatchedRowList;
import dev.flightdeck.views.rows.DirtyRow;

import dev.flightdeck.app.nodes.GpuNode;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

import java.util.Locale;
import java.util.Map;

/**
 * One table row, kept for the life of the node and updated in place. Table cells
 * observe {@link #nodeProperty()}, so a change repaints only the visible cells of this
 * row; sorting and filtering hear about it through {@link BatchedRowList}'s batched update.
 */
public final class NodeRow implements DirtyRow {

    private final String name;
    private final ReadOnlyObjectWrapper<GpuNode> node;
    private String haystack;
    boolean dirty;

    NodeRow(GpuNode node) {
        this.name = node.name();
        this.node = new ReadOnlyObjectWrapper<>(this, "node", node);
    }

    public String name() {
        return name;
    }

    public GpuNode node() {
        return node.get();
    }

    public ReadOnlyObjectProperty<GpuNode> nodeProperty() {
        return node.getReadOnlyProperty();
    }

    /** Shows {@code next}; {@code mayMove}: its place in the table may change, so its list must hear of it. */
    void update(GpuNode next, boolean mayMove) {
        node.set(next);
        haystack = null;
        dirty |= mayMove;
    }

    /** A row for {@code next} alone, to compare with this one before it changes ({@code TableRows.mayMove}). */
    NodeRow probe(GpuNode next) {
        return new NodeRow(next);
    }

    /** Lower-case text the search box matches: name, reasons, labels as key=value. Built once per change. */
    String haystack() {
        if (haystack == null) {
            GpuNode n = node.get();
            StringBuilder sb = new StringBuilder(256).append(n.name()).append('\n');
            for (String r : n.trust().reasons()) {
                sb.append(r).append('\n');
            }
            for (Map.Entry<String, String> e : n.facts().labels().entrySet()) {
                sb.append(e.getKey()).append('=').append(e.getValue()).append('\n');
            }
            haystack = sb.toString().toLowerCase(Locale.ROOT);
        }
        return haystack;
    }

    @Override
    public String toString() {
        return name;
    }

    @Override
    public boolean isDirty() {
        return dirty;
    }

    @Override
    public void clearDirty() {
        dirty = false;
    }
}
