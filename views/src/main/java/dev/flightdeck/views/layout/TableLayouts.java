package dev.flightdeck.views.layout;

import dev.flightdeck.app.layout.WindowLayout.Column;
import dev.flightdeck.app.layout.WindowLayout.SortKey;
import dev.flightdeck.app.layout.WindowLayout.TableLayout;
import javafx.collections.ObservableList;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's columns and sort read into a {@link TableLayout} and put back. A column is known by its id, else its
 * title, and a nested one by its group's too ("Nodes/Trusted"): a column the console no longer has is skipped, and a
 * new one keeps its place.
 */
final class TableLayouts {

    private TableLayouts() {
    }

    static TableLayout read(TableView<?> table) {
        List<Column> columns = new ArrayList<>();
        collect(table.getColumns(), "", columns);
        List<SortKey> sort = new ArrayList<>();
        for (TableColumn<?, ?> c : table.getSortOrder()) {
            sort.add(new SortKey(id(c), c.getSortType() != TableColumn.SortType.DESCENDING));
        }
        return new TableLayout(columns, sort);
    }

    private static <S> void collect(List<? extends TableColumn<S, ?>> cs, String prefix, List<Column> out) {
        for (TableColumn<S, ?> c : cs) {
            String id = prefix + key(c);
            out.add(new Column(id, c.getWidth() > 0 ? c.getWidth() : c.getPrefWidth(), c.isVisible()));
            collect(c.getColumns(), id + "/", out);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static void apply(TableView<?> table, TableLayout saved) {
        Map<String, TableColumn<?, ?>> byId = new LinkedHashMap<>();
        index(table.getColumns(), "", byId);
        List<String> order = saved.columns().stream().map(Column::id).toList();
        reorder((ObservableList) table.getColumns(), "", order);
        for (Column c : saved.columns()) {
            TableColumn<?, ?> col = byId.get(c.id());
            if (col != null) {
                col.setPrefWidth(c.width());
                col.setVisible(c.visible());
            }
        }
        List<TableColumn> sort = new ArrayList<>();
        for (SortKey k : saved.sort()) {
            TableColumn<?, ?> col = byId.get(k.column());
            if (col != null && col.isSortable()) {
                col.setSortType(k.ascending() ? TableColumn.SortType.ASCENDING : TableColumn.SortType.DESCENDING);
                sort.add(col);
            }
        }
        if (!sort.isEmpty() || !table.getSortOrder().isEmpty()) {
            ((ObservableList) table.getSortOrder()).setAll(sort);
        }
    }

    /** The known columns take the places known columns had, in the saved order; the others stay where they are. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void reorder(ObservableList<TableColumn> cs, String prefix, List<String> order) {
        List<Integer> places = new ArrayList<>();
        List<TableColumn> known = new ArrayList<>();
        for (int i = 0; i < cs.size(); i++) {
            if (order.contains(prefix + key(cs.get(i)))) {
                places.add(i);
                known.add(cs.get(i));
            }
        }
        known.sort(Comparator.comparingInt(c -> order.indexOf(prefix + key(c))));
        List<TableColumn> next = new ArrayList<>(cs);
        for (int i = 0; i < places.size(); i++) {
            next.set(places.get(i), known.get(i));
        }
        if (!next.equals(cs)) {
            cs.setAll(next);
        }
        for (TableColumn c : cs) {
            reorder(c.getColumns(), prefix + key(c) + "/", order);
        }
    }

    private static void index(List<? extends TableColumn<?, ?>> cs, String prefix, Map<String, TableColumn<?, ?>> out) {
        for (TableColumn<?, ?> c : cs) {
            out.put(prefix + key(c), c);
            index(c.getColumns(), prefix + key(c) + "/", out);
        }
    }

    private static String id(TableColumn<?, ?> c) {
        String id = key(c);
        for (var p = c.getParentColumn(); p instanceof TableColumn<?, ?> parent; p = parent.getParentColumn()) {
            id = key(parent) + "/" + id;
        }
        return id;
    }

    private static String key(TableColumn<?, ?> c) {
        if (c.getId() != null && !c.getId().isBlank()) {
            return c.getId();
        }
        return c.getText() == null ? "" : c.getText();
    }
}
