package dev.flightdeck.views.rows;

import javafx.collections.ModifiableObservableListBase;

import java.util.ArrayList;
import java.util.List;

/**
 * The source list under a screen's table. Its one addition to an ordinary observable
 * list is {@link #fireDirtyUpdates()}: all rows changed in one batch are announced as
 * ONE update change, so the SortedList above re-sorts once per batch instead of once
 * per row (a fleet tick re-evaluates all 7,500 nodes at once).
 */
public final class BatchedRowList<R extends DirtyRow> extends ModifiableObservableListBase<R> {

    private final List<R> rows = new ArrayList<>();

    /** Announces every row marked dirty since the last call, and clears the marks. */
    public void fireDirtyUpdates() {
        boolean any = false;
        for (int i = 0; i < rows.size(); i++) {
            R r = rows.get(i);
            if (r.isDirty()) {
                if (!any) {
                    beginChange();
                    any = true;
                }
                nextUpdate(i);
                r.clearDirty();
            }
        }
        if (any) {
            endChange();
        }
    }

    @Override
    public R get(int index) {
        return rows.get(index);
    }

    @Override
    public int size() {
        return rows.size();
    }

    @Override
    protected void doAdd(int index, R element) {
        rows.add(index, element);
    }

    @Override
    protected R doSet(int index, R element) {
        return rows.set(index, element);
    }

    @Override
    protected R doRemove(int index) {
        return rows.remove(index);
    }
}
