package dev.flightdeck.views.rows;

import javafx.collections.ModifiableObservableListBase;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

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
 *   <li>{@link #placeMovesAtMostEvery}: rows that change place are re-placed at most that often. A changed row
 *       shows its new values at once (its cells observe it); only its place waits. Under churn every re-placing is
 *       a sort of the whole list and, when rows on screen shift, a repaint of the whole table: at ten drains a
 *       second they were most of the FX thread's work (the fast lane, 200 changes/s: pulses that did work p50
 *       8–10 ms re-placing at every drain, 3–4 ms once a second).</li>
 * </ul>
 */
public final class BatchedRowList<R extends DirtyRow> extends ModifiableObservableListBase<R> {

    private final List<R> rows = new ArrayList<>();
    /**
     * How many rows each of a first fill's first drains shows at once (a glimpse), before the rest are kept back
     * until the fill ends. The table builds its cells for the rows it shows, and the first few hundred cells of a cold
     * JVM cost a 420 ms layout pass when a whole screenful came at once; a few rows at a time, while the rest is still
     * read, spread that over pulses the FX thread had idle, and the rows that end the fill find their cells built.
     */
    static final int[] GLIMPSES = {4, 12, 36};

    /** Rows of a first fill applied but not yet announced (see {@link #announce(java.util.Collection, List, boolean, TableRows)}). */
    private final List<R> keptBack = new ArrayList<>();
    /** Rows a glimpse showed that a later drain of the same fill removed: they leave when the fill ends. */
    private final List<R> removedDuringFill = new ArrayList<>();
    /** A first fill is under way: glimpses shown, the rest kept back. */
    private boolean filling;
    private int glimpsesShown;
    private boolean held;
    private long moveIntervalNanos;
    private LongSupplier nanoTime = System::nanoTime;
    private long lastMovesNanos;
    private boolean movesAnnounced;

    /**
     * Changed rows are announced (and so re-placed) at most once per {@code interval}, measured by {@code nanoTime};
     * the first change after a quiet interval goes at once. Whoever drains must call {@link #fireDirtyUpdates()}
     * again while {@link #movesWaiting()}.
     */
    public void placeMovesAtMostEvery(java.time.Duration interval, LongSupplier nanoTime) {
        this.moveIntervalNanos = interval.toNanos();
        this.nanoTime = nanoTime;
    }

    /**
     * Changed rows wait to be re-placed (see {@link #placeMovesAtMostEvery}): read off the marks themselves, so an
     * emptied list (a switch to another cluster) or a hidden one never asks for more calls.
     */
    public boolean movesWaiting() {
        return moveIntervalNanos > 0 && !held && rows.stream().anyMatch(DirtyRow::isDirty);
    }

    /** Announces every row marked dirty since the last call, and clears the marks (unless held). */
    public void fireDirtyUpdates() {
        if (held) {
            return;
        }
        long now = moveIntervalNanos > 0 ? nanoTime.getAsLong() : 0;
        if (moveIntervalNanos > 0 && movesAnnounced && now - lastMovesNanos < moveIntervalNanos) {
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
            movesAnnounced = true;
            lastMovesNanos = now;
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
     * except during a first fill: while the list is empty and more changes wait ({@code moreToCome}: the first LIST
     * still being read, or its rows applied over several pulses), the first drains show a few rows each
     * ({@link #GLIMPSES}) and the rest is kept back until the drain that ends the fill. Every change of the row count
     * makes the table take its visible cells out and put them back (CSS and layout again), and a first fill of 7,500
     * nodes takes a dozen drains: announced each time, the screen paid that a dozen times before the last node showed.
     */
    public void announce(java.util.Collection<R> removed, List<R> added, boolean moreToCome, TableRows<R> table) {
        if (!filling && !(rows.isEmpty() && keptBack.isEmpty() && moreToCome)) {
            table.change(removed.size() + added.size(), () -> announce(removed, added));
            return;
        }
        filling = true;
        for (R r : removed) {
            if (!keptBack.remove(r)) {
                removedDuringFill.add(r);
            }
        }
        keptBack.addAll(added);
        if (!moreToCome) {
            filling = false;
            glimpsesShown = 0;
            showKeptBack(keptBack.size(), table);
        } else if (glimpsesShown < GLIMPSES.length && !keptBack.isEmpty()) {
            showKeptBack(Math.min(GLIMPSES[glimpsesShown++], keptBack.size()), table);
        }
    }

    /** Announces the first {@code count} rows kept back, and the rows removed during the fill. */
    private void showKeptBack(int count, TableRows<R> table) {
        List<R> shown = new ArrayList<>(keptBack.subList(0, count));
        keptBack.subList(0, count).clear();
        List<R> gone = new ArrayList<>(removedDuringFill);
        removedDuringFill.clear();
        table.change(gone.size() + shown.size(), () -> announce(gone, shown));
    }

    /** The rows, and those kept back from a first fill not yet announced: what a screen keeps when it parks. */
    public List<R> withKeptBack() {
        List<R> all = new ArrayList<>(rows);
        all.removeAll(removedDuringFill);
        all.addAll(keptBack);
        return all;
    }

    /** Empties the list, rows kept back from a first fill included. */
    @Override
    public void clear() {
        keptBack.clear();
        removedDuringFill.clear();
        filling = false;
        glimpsesShown = 0;
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
