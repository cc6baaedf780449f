package dev.flightdeck.app.diagnose.events;

import java.util.List;

/**
 * How one view's list of Events changed in one fold, as splices a screen applies to its own list in
 * order: first remove the rows at {@link #removedAt} (indexes into the list as it was, highest
 * first), then insert each of {@link #inserted} at its index (into the list as it becomes, lowest
 * first). The work is as big as the change, not as the list; sorting and filtering were done off the
 * screen's thread. A {@code reset} says to clear the list first (the first delta, a new filter, a
 * relist); then {@code inserted} carries every row.
 *
 * @param matching Events in the window that pass the filter (the list shows at most its row limit of them)
 * @param held     Events in the window
 * @param dropped  Events the window let go because it was full or they were too old, so far
 */
public record EventsDelta(long version, boolean reset, List<Integer> removedAt, List<Row> inserted, int matching,
                          int held, long dropped) {

    public EventsDelta {
        removedAt = List.copyOf(removedAt);
        inserted = List.copyOf(inserted);
    }

    /** One row to insert. */
    public record Row(int index, EventRecord event) {
    }

    public boolean isEmpty() {
        return !reset && removedAt.isEmpty() && inserted.isEmpty();
    }

    /** Applies the delta to {@code rows} (a screen does the same to its observable list). */
    public void applyTo(List<EventRecord> rows) {
        if (reset) {
            rows.clear();
        }
        for (int i : removedAt) {
            rows.remove(i);
        }
        for (Row r : inserted) {
            rows.add(r.index(), r.event());
        }
    }
}
