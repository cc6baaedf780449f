package dev.flightdeck.views.rows;

import javafx.collections.ModifiableObservableListBase;

import java.util.ArrayList;
import java.util.List;

/**
 * The source list under a screen's table. Its additions to an ordinary observable list:
 * <ul>
 *   <li>{@link #fireDirtyUpdates()} announces every row changed since the last call as ONE
 *       update sub-change spanning the first to the last dirty row. A SortedList above
 *       re-sorts once per sub-change, and JavaFX merges only adjacent indices: K scattered
 *       rows announced one by one cost K full sorts (2,500 of 7,500 rows: 441 ms), the same
 *       rows as one range one nearly-sorted pass (about 1 ms). Rows inside the range that did
 *       not change are re-read for nothing, which costs far less than a sort.</li>
 *   <li>{@link #setHeld(boolean)}: while the screen is not showing, changed rows only keep
 *       their mark, so a hidden table is not re-sorted; the marks are announced on release.</li>
 * </ul>
 */
public final class BatchedRowList<R extends DirtyRow> extends ModifiableObservableListBase<R> {

    private final List<R> rows = new ArrayList<>();
    /** Rows of a first fill applied but not yet announced (see {@link #announce(java.util.Collection, List, boolean, TableRows)}). */
    private final List<R> keptBack = new ArrayList<>();
    private boolean held;

    /** Announces every row marked dirty since the last call, and clears the marks (unless held). */
    public void fireDirtyUpdates() {
        if (held) {
            return;
        }
        int first = -1;
        int last = -1;
        for (int i = 0; i < rows.size(); i++) {
            R r = rows.get(i);
            if (r.isDirty()) {
                if (first < 0) {
                    first = i;
                }
                last = i;
                r.clearDirty();
            }
        }
        if (first >= 0) {
            beginChange();
            for (int i = first; i <= last; i++) {
                nextUpdate(i);
            }
            endChange();
        }
    }

    /**
     * After a screen applied a drain of changes: the changed rows as one update range, then the removed rows, then
     * the added ones; three changes at most, however many rows.
     */
    public void announce(java.util.Collection<R> removed, List<R> added) {
        fireDirtyUpdates();
        if (!removed.isEmpty()) {
            removeAll(removed);
        }
        if (!added.isEmpty()) {
            addAll(added);
        }
    }

    /**
     * After a drain, through {@code table} (many rows with one sort): as {@link #announce(java.util.Collection, List)},
     * except that while nothing is on the screen yet and more changes wait ({@code moreToCome}: a first LIST applied
     * over several pulses), the added rows are kept back and come with the drain that ends it. Every change of the
     * row count makes the table take its visible cells out and put them back (CSS and layout again), and a first fill
     * of 7,500 nodes took a dozen drains: the screen paid that a dozen times before the last node showed.
     */
    public void announce(java.util.Collection<R> removed, List<R> added, boolean moreToCome, TableRows<R> table) {
        boolean fillGoesOn = rows.isEmpty() && moreToCome;
        if (!fillGoesOn && keptBack.isEmpty()) {
            table.change(removed.size() + added.size(), () -> announce(removed, added));
            return;
        }
        keptBack.removeAll(removed);
        keptBack.addAll(added);
        if (!fillGoesOn) {
            List<R> fill = new ArrayList<>(keptBack);
            keptBack.clear();
            table.change(removed.size() + fill.size(), () -> announce(removed, fill));
        }
    }

    /** The rows, and those kept back from a first fill not yet announced: what a screen keeps when it parks. */
    public List<R> withKeptBack() {
        List<R> all = new ArrayList<>(rows);
        all.addAll(keptBack);
        return all;
    }

    /** Empties the list, rows kept back from a first fill included. */
    @Override
    public void clear() {
        keptBack.clear();
        super.clear();
    }

    /** While held, {@link #fireDirtyUpdates()} keeps the marks; releasing announces them at once. */
    public void setHeld(boolean held) {
        this.held = held;
        if (!held) {
            fireDirtyUpdates();
        }
    }

    public boolean isHeld() {
        return held;
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
