package dev.flightdeck.views.rows;

import javafx.beans.property.ObjectProperty;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Turns the columns a user clicked into a row comparator for the view model's SortedList,
 * which does the sorting (the table must not sort its items itself).
 * <p>
 * Why not bind to {@link TableView#comparatorProperty()}: that comparator goes through each
 * column's cell-value factory for both rows of every comparison, allocating as it goes; under
 * churn it was a fifth of the FX thread. Here each column's own comparator is applied to the
 * row's value directly. The comparator is replaced only when the clicked order really changes,
 * since a new comparator re-sorts every row.
 */
public final class ColumnSortOrder {

    private ColumnSortOrder() {
    }

    /**
     * @param value  the value every column shows and compares (the row's node, the gang's line)
     * @param target where the order goes (null when the user sorted by nothing)
     */
    public static <R, V> void install(TableView<R> table, Function<R, V> value, ObjectProperty<Comparator<R>> target) {
        List<Object> shown = new ArrayList<>();
        table.setSortPolicy(t -> {
            List<Object> now = signature(t);
            if (!now.equals(shown)) {
                shown.clear();
                shown.addAll(now);
                target.set(comparator(t.getSortOrder(), value));
            }
            return true;
        });
    }

    private static List<Object> signature(TableView<?> t) {
        List<Object> s = new ArrayList<>();
        for (TableColumn<?, ?> c : t.getSortOrder()) {
            s.add(c);
            s.add(c.getSortType());
            s.add(c.getComparator());
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    private static <R, V> Comparator<R> comparator(List<TableColumn<R, ?>> order, Function<R, V> value) {
        Comparator<R> result = null;
        for (TableColumn<R, ?> column : order) {
            Comparator<V> byValue = (Comparator<V>) column.getComparator();
            Comparator<R> c = Comparator.comparing(value, byValue);
            if (column.getSortType() == TableColumn.SortType.DESCENDING) {
                c = c.reversed();
            }
            result = result == null ? c : result.thenComparing(c);
        }
        return result;
    }
}
