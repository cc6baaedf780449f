package dev.flightdeck.views.keys;

import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;

/**
 * Moving a table's selection from the keyboard as k9s does (j down, k up, g first, G last): one row
 * selected (a multiple selection collapses to it), focused, and scrolled into view only as far as needed.
 */
public final class TableKeys {

    private TableKeys() {
    }

    /** One row down ({@code +1}) or up ({@code -1}); from nothing selected, the first row. */
    public static void move(TableView<?> table, int by) {
        int now = table.getSelectionModel().getSelectedIndex();
        go(table, now < 0 ? 0 : now + by);
    }

    public static void first(TableView<?> table) {
        go(table, 0);
    }

    public static void last(TableView<?> table) {
        go(table, table.getItems().size() - 1);
    }

    private static void go(TableView<?> table, int index) {
        int rows = table.getItems().size();
        if (rows == 0) {
            return;
        }
        int i = Math.clamp(index, 0, rows - 1);
        table.getSelectionModel().clearAndSelect(i);
        table.getFocusModel().focus(i);
        reveal(table, i);
    }

    /** Scrolls only when the row is not fully shown: j at the bottom edge moves the view by one row. */
    private static void reveal(TableView<?> table, int i) {
        if (table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
            IndexedCell<?> first = flow.getFirstVisibleCell();
            IndexedCell<?> last = flow.getLastVisibleCell();
            if (first == null || last == null || i <= first.getIndex() || i >= last.getIndex()) {
                flow.scrollTo(i);
            }
        } else {
            table.scrollTo(i);
        }
    }
}
