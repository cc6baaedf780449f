package dev.flightdeck.views.gangs;

import javafx.collections.ModifiableObservableListBase;

import java.util.ArrayList;
import java.util.List;

/**
 * The source list of gang rows; {@link #fireDirtyUpdates()} announces all rows changed in
 * one batch as one update change, so the sorted list above re-sorts once per batch.
 */
final class GangRowList extends ModifiableObservableListBase<GangRow> {

    private final List<GangRow> rows = new ArrayList<>();

    void fireDirtyUpdates() {
        boolean any = false;
        for (int i = 0; i < rows.size(); i++) {
            GangRow r = rows.get(i);
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
    public GangRow get(int index) {
        return rows.get(index);
    }

    @Override
    public int size() {
        return rows.size();
    }

    @Override
    protected void doAdd(int index, GangRow element) {
        rows.add(index, element);
    }

    @Override
    protected GangRow doSet(int index, GangRow element) {
        return rows.set(index, element);
    }

    @Override
    protected GangRow doRemove(int index) {
        return rows.remove(index);
    }
}
