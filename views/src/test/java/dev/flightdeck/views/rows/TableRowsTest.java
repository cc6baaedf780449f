package dev.flightdeck.views.rows;

import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Many rows changed at once reach the table in the order in force, which stays bound to the user's choice afterwards;
 * a few take the ordinary path. (What it saves is time, measured in {@code TableRowsFill}'s figures, not asserted.)
 */
class TableRowsTest {

    private final ObservableList<Integer> rows = FXCollections.observableArrayList();
    private final TableRows<Integer> table = new TableRows<>(rows, Comparator.naturalOrder());
    private final List<String> heard = new ArrayList<>();

    TableRowsTest() {
        table.visible().addListener((ListChangeListener<Integer>) c -> {
            while (c.next()) {
                heard.add(c.wasPermutated() ? "permutation" : c.wasAdded() ? "added" : c.wasRemoved() ? "removed" : "other");
            }
        });
    }

    @Test
    void aFirstFillComesInOrder() {
        List<Integer> fleet = shuffled(7_500);
        table.change(fleet.size(), () -> rows.addAll(fleet));
        assertInOrder(7_500);
    }

    @Test
    void theUsersOrderStaysInForceAndIsFollowedAfterwards() {
        table.userOrder().set(Comparator.<Integer>naturalOrder().reversed());
        List<Integer> fleet = shuffled(1_000);
        table.change(fleet.size(), () -> rows.addAll(fleet));
        assertEquals(999, table.visible().getFirst(), "the user's order, highest first");
        table.userOrder().set(null);
        assertEquals(0, table.visible().getFirst(), "the order is bound again: dropping the user's brings back the screen's");
    }

    @Test
    void manyRowsRemovedAndFewRowsAddedLeaveTheRestInOrder() {
        List<Integer> fleet = shuffled(3_000);
        table.change(fleet.size(), () -> rows.addAll(fleet));
        List<Integer> gone = fleet.subList(0, 1_500);
        table.change(gone.size(), () -> rows.removeAll(List.copyOf(gone)));
        assertInOrder(1_500);
        heard.clear();
        table.change(3, () -> rows.addAll(List.of(-3, -2, -1)));
        assertEquals(-3, table.visible().getFirst());
        assertTrue(heard.stream().noneMatch("permutation"::equals), "a few rows take the ordinary path: " + heard);
        table.change(rows.size(), rows::clear);
        assertEquals(0, table.visible().size());
    }

    private void assertInOrder(int size) {
        List<Integer> shown = List.copyOf(table.visible());
        assertEquals(size, shown.size());
        List<Integer> expected = new ArrayList<>(shown);
        expected.sort(Comparator.naturalOrder());
        assertEquals(expected, shown);
    }

    private static List<Integer> shuffled(int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(i);
        }
        java.util.Collections.shuffle(out, new java.util.Random(new SplittableRandom(27).nextLong()));
        return out;
    }
}
