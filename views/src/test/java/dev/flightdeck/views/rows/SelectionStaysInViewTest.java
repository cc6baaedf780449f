package dev.flightdeck.views.rows;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.transformation.SortedList;
import javafx.scene.Scene;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import dev.flightdeck.views.FxWait;
import org.testfx.util.WaitForAsyncUtils;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Rows re-sort around the one being read: it stays selected and at the same height on
 * screen, as a user expects from a table that changes under the pointer.
 */
@ExtendWith(ApplicationExtension.class)
class SelectionStaysInViewTest {

    private final BatchedRowList<BatchedRowListTest.Row> rows = new BatchedRowList<>();
    private TableView<BatchedRowListTest.Row> table;

    @Start
    void start(Stage stage) {
        List<BatchedRowListTest.Row> all = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            all.add(new BatchedRowListTest.Row(i * 10));
        }
        rows.setAll(all);
        SortedList<BatchedRowListTest.Row> sorted = new SortedList<>(rows, (a, b) -> Integer.compare(a.value, b.value));
        table = new TableView<>(sorted);
        TableColumn<BatchedRowListTest.Row, Integer> value = new TableColumn<>("value");
        value.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(f.getValue().value));
        table.getColumns().add(value);
        table.setFixedCellSize(24);
        SelectionStaysInView.install(table);
        stage.setScene(new Scene(table, 300, 400));
        stage.show();
    }

    @Test
    void theSelectedRowKeepsItsPlaceWhileRowsMoveAboveIt() throws Exception {
        BatchedRowListTest.Row reading = FxWait.onFx(() -> {
            table.scrollTo(100);
            table.getSelectionModel().select(105);
            return table.getSelectionModel().getSelectedItem();
        });
        WaitForAsyncUtils.waitForFxEvents();
        int before = FxWait.onFx(() -> offsetOnScreen(reading));
        assertEquals(5, before, "row 105 shows 5 rows below the top after scrolling to 100");

        FxWait.onFx(() -> {
            for (int i = 200; i < 250; i++) { // 50 rows from below jump above the one being read
                rows.get(i).set(rows.get(i).value - 2_000);
            }
            rows.fireDirtyUpdates();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();

        assertSame(reading, FxWait.onFx(() -> table.getSelectionModel().getSelectedItem()), "still selected");
        assertEquals(155, (int) FxWait.onFx(() -> table.getSelectionModel().getSelectedIndex()), "it moved down by 50");
        assertEquals(before, (int) FxWait.onFx(() -> offsetOnScreen(reading)), "and stayed at its height on screen");
    }

    /** Rows between the top of the viewport and the row's cell; -1 when it is not on screen. */
    private int offsetOnScreen(BatchedRowListTest.Row row) {
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        IndexedCell<?> first = flow.getFirstVisibleCell();
        for (int i = first.getIndex(); i <= flow.getLastVisibleCell().getIndex(); i++) {
            IndexedCell<?> cell = flow.getVisibleCell(i);
            if (cell != null && cell.getItem() == row) {
                return i - first.getIndex();
            }
        }
        return -1;
    }
}
