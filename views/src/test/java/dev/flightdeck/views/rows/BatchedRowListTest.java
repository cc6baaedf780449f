package dev.flightdeck.views.rows;

import javafx.collections.ListChangeListener;
import javafx.collections.transformation.SortedList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scattered changes reach a SortedList as one update, so it sorts once per batch: the
 * mechanism behind "a batch costs what changed", measured by comparator calls.
 */
class BatchedRowListTest {

    static final class Row implements DirtyRow {
        int value;
        boolean dirty;

        Row(int value) {
            this.value = value;
        }

        void set(int v) {
            value = v;
            dirty = true;
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

    private final BatchedRowList<Row> rows = new BatchedRowList<>();
    private final AtomicLong comparisons = new AtomicLong();
    private final SortedList<Row> sorted = new SortedList<>(rows, (a, b) -> {
        comparisons.incrementAndGet();
        return Integer.compare(a.value, b.value);
    });
    private final List<String> changes = new ArrayList<>();

    BatchedRowListTest() {
        List<Row> all = new ArrayList<>();
        for (int i = 0; i < 7_500; i++) {
            all.add(new Row(i * 10));
        }
        rows.setAll(all);
        rows.addListener((ListChangeListener<Row>) c -> {
            while (c.next()) {
                changes.add((c.wasUpdated() ? "update " : "other ") + c.getFrom() + ".." + c.getTo());
            }
        });
    }

    @Test
    void scatteredChangesAreOneUpdateAndOneSort() {
        comparisons.set(0);
        for (int i = 3; i < 7_500; i += 3) { // 2,499 rows spread over the whole list
            rows.get(i).set(rows.get(i).value + 5);
        }
        rows.get(7_400).set(-1); // one row moves to the top
        rows.fireDirtyUpdates();

        assertEquals(List.of("update 3..7498"), changes, "one sub-change from the first to the last dirty row");
        // One nearly-sorted pass is a few comparisons per row; a sort per changed row would be ~2,500 × 7,500.
        assertTrue(comparisons.get() < 20 * 7_500, comparisons.get() + " comparisons");
        assertEquals(-1, sorted.getFirst().value);
        for (int i = 1; i < sorted.size(); i++) {
            assertTrue(sorted.get(i - 1).value <= sorted.get(i).value, "sorted at " + i);
        }
        assertFalse(rows.stream().anyMatch(Row::isDirty), "marks cleared");
    }

    @Test
    void heldRowsKeepTheirMarksUntilReleased() {
        rows.setHeld(true);
        rows.get(10).set(-5);
        rows.get(20).set(-7);
        rows.fireDirtyUpdates();
        assertEquals(List.of(), changes, "a hidden table hears nothing");
        assertTrue(rows.get(10).isDirty());
        assertEquals(0, sorted.getFirst().value, "and is not re-sorted");

        rows.setHeld(false);
        assertEquals(List.of("update 10..21"), changes, "released: one update over what changed meanwhile");
        assertEquals(-7, sorted.getFirst().value);
        assertEquals(-5, sorted.get(1).value);
    }

    @Test
    void nothingDirtyNothingAnnounced() {
        rows.fireDirtyUpdates();
        assertEquals(List.of(), changes);
    }

    @Test
    void rowsChangingPlaceAreRePlacedAtMostOncePerIntervalTheFirstAtOnce() {
        long[] now = {5_000_000_000L};
        rows.placeMovesAtMostEvery(java.time.Duration.ofSeconds(1), () -> now[0]);

        rows.get(100).set(-1);
        rows.fireDirtyUpdates();
        assertEquals(-1, sorted.getFirst().value, "the first change after a quiet second goes at once");
        assertFalse(rows.movesWaiting());

        now[0] += 400_000_000L;
        rows.get(200).set(-2);
        rows.fireDirtyUpdates();
        assertEquals(-1, sorted.getFirst().value, "0.4 s later the next one waits for its place");
        assertTrue(rows.get(200).isDirty(), "keeping its mark");
        assertTrue(rows.movesWaiting(), "and says so, so the drain calls again");

        now[0] += 599_000_000L;
        rows.fireDirtyUpdates();
        assertEquals(-1, sorted.getFirst().value, "still within the second");

        now[0] += 1_000_000L;
        rows.fireDirtyUpdates();
        assertEquals(-2, sorted.getFirst().value, "a second after the last: re-placed");
        assertFalse(rows.movesWaiting());
        assertEquals(List.of("update 100..101", "update 200..201"), changes);
    }

    @Test
    void anEmptiedOrHiddenListHasNoMovesWaiting() {
        long[] now = {0};
        rows.placeMovesAtMostEvery(java.time.Duration.ofSeconds(1), () -> now[0]);
        rows.get(100).set(-1);
        rows.fireDirtyUpdates();
        rows.get(200).set(-2);
        rows.fireDirtyUpdates();
        assertTrue(rows.movesWaiting());

        rows.setHeld(true);
        assertFalse(rows.movesWaiting(), "a hidden table asks for no more calls");
        rows.setHeld(false);
        assertTrue(rows.movesWaiting(), "shown again within the second: the row still waits");

        rows.clear();
        assertFalse(rows.movesWaiting(), "a switch to another cluster empties the list: nothing waits");
    }
}
