package dev.flightdeck.views.rows;

import javafx.collections.ListChangeListener;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;

/**
 * Under churn rows re-sort around the one the user is reading. The selection model
 * already follows the selected row to its new index; this keeps it at the same height
 * on screen too, so the table does not jump under the pointer. It costs a look at the
 * visible cells per change, never a walk over the rows.
 */
public final class SelectionStaysInView {

    private SelectionStaysInView() {
    }

    /** Call after the table's items are set (the selection model must hear of changes first). */
    public static <R> void install(TableView<R> table) {
        table.getItems().addListener((ListChangeListener<R>) c -> keep(table));
    }

    /** The table's flow, looked up once per skin rather than on every change of the items. */
    private static VirtualFlow<?> flow(TableView<?> table) {
        if (table.getProperties().get(SelectionStaysInView.class) instanceof VirtualFlow<?> cached
                && cached.getParent() != null && cached.getScene() == table.getScene()) {
            return cached;
        }
        VirtualFlow<?> found = table.lookup(".virtual-flow") instanceof VirtualFlow<?> f ? f : null;
        if (found != null) {
            table.getProperties().put(SelectionStaysInView.class, found);
        }
        return found;
    }

    private static <R> void keep(TableView<R> table) {
        R selected = table.getSelectionModel().getSelectedItem();
        VirtualFlow<?> flow = selected == null ? null : flow(table);
        if (flow == null) {
            return;
        }
        IndexedCell<?> first = flow.getFirstVisibleCell();
        IndexedCell<?> last = flow.getLastVisibleCell();
        if (first == null || last == null) {
            return;
        }
        // The cells still show the order before this change: find where the row was on screen.
        for (int i = first.getIndex(); i <= last.getIndex(); i++) {
            IndexedCell<?> cell = flow.getVisibleCell(i);
            if (cell != null && cell.getItem() == selected) {
                int now = table.getSelectionModel().getSelectedIndex();
                if (now >= 0 && now != i) {
                    flow.scrollToTop(Math.max(0, now - (i - first.getIndex())));
                }
                return;
            }
        }
    }
}
