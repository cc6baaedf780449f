package dev.flightdeck.app.diagnose.events;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The splices that turn one sorted list of rows into the next. Both lists are sorted by the same
 * total order and a row never changes in place (an updated Event is a new record), so the rows both
 * share keep their relative order: removing what left and inserting what came, at its new index,
 * gives the new list exactly.
 */
final class RowSplices {

    private RowSplices() {
    }

    static EventsDelta between(List<EventRecord> before, List<EventRecord> after, long version, int matching, int held,
                               long dropped) {
        Set<EventRecord> kept = new HashSet<>(after);
        List<Integer> removed = new ArrayList<>();
        for (int i = before.size() - 1; i >= 0; i--) {
            if (!kept.contains(before.get(i))) {
                removed.add(i);
            }
        }
        Set<EventRecord> had = new HashSet<>(before);
        List<EventsDelta.Row> inserted = new ArrayList<>();
        for (int j = 0; j < after.size(); j++) {
            if (!had.contains(after.get(j))) {
                inserted.add(new EventsDelta.Row(j, after.get(j)));
            }
        }
        return new EventsDelta(version, false, removed, inserted, matching, held, dropped);
    }

    static EventsDelta reset(List<EventRecord> rows, long version, int matching, int held, long dropped) {
        List<EventsDelta.Row> inserted = new ArrayList<>(rows.size());
        for (int j = 0; j < rows.size(); j++) {
            inserted.add(new EventsDelta.Row(j, rows.get(j)));
        }
        return new EventsDelta(version, true, List.of(), inserted, matching, held, dropped);
    }
}
