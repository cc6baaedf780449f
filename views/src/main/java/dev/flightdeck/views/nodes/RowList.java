package dev.flightdeck.views.nodes;

import javafx.collections.ModifiableObservableListBase;

import java.util.ArrayList;
import java.util.List;

/**
 * The source list of rows. Its one addition to an ordinary observable list is
 * {@link #fireDirtyUpdates()}: all rows changed in one batch are announced as ONE
 * update change, so the SortedList above re-sorts once per batch instead of once per
 * row (a fleet tick re-evaluates all 7,500 nodes at once).
 */
final class RowList extends ModifiableObservableListBase<NodeRow> {

    private final List<NodeRow> rows = new ArrayList<>();

    /** Announces every row marked dirty since the last call, and clears the marks. */
    void fireDirtyUpdates() {
        boolean any = false;
        for (int i = 0; i < rows.size(); i++) {
            NodeRow r = rows.get(i);
            if (r.dirty) {
                if (!any) {
                    beginChange();
                    any = true;
                }
                nextUpdate(i);
                r.dirty = false;
            }
        }
        if (any) {
            endChange();
        }
    }

    @Override
    public NodeRow get(int index) {
        return rows.get(index);
    }

    @Override
    public int size() {
        return rows.size();
    }

    @Override
    protected void doAdd(int index, NodeRow element) {
        rows.add(index, element);
    }

    @Override
    protected NodeRow doSet(int index, NodeRow element) {
        return rows.set(index, element);
    }

    @Override
    protected NodeRow doRemove(int index) {
        return rows.remove(index);
    }
}
