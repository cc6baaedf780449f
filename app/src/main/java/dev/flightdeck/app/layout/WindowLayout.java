package dev.flightdeck.app.layout;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The main window as a person left it: where it was and how large, whether maximized, the screen last shown per
 * cluster, each table's columns and sort, and each splitter's dividers. Plain values: the views read and write it,
 * {@link LayoutJson} turns it into window.json and back. Tables and splitters are keyed by a stable id the views give
 * them ("node-table", "gangs/split-0"); an id the running console no longer has is kept, not an error.
 *
 * @param bounds      where the window was when not maximized; null before it was ever saved (the console's default)
 * @param lastScreens screen id per cluster (context) name
 */
public record WindowLayout(Bounds bounds, boolean maximized, Map<String, String> lastScreens,
                           Map<String, TableLayout> tables, Map<String, List<Double>> splits) {

    /** Nothing remembered: the console's own defaults everywhere. */
    public static final WindowLayout NONE = new WindowLayout(null, false, Map.of(), Map.of(), Map.of());

    public WindowLayout {
        lastScreens = Map.copyOf(lastScreens);
        tables = Map.copyOf(tables);
        Map<String, List<Double>> s = new LinkedHashMap<>();
        splits.forEach((k, v) -> s.put(k, List.copyOf(v)));
        splits = Map.copyOf(s);
    }

    /** Where a window sits and how large, in screen coordinates. */
    public record Bounds(double x, double y, double width, double height) {

        public double right() {
            return x + width;
        }

        public double bottom() {
            return y + height;
        }

        /** The area both share (0 when they do not touch). */
        public double overlap(Bounds o) {
            double w = Math.min(right(), o.right()) - Math.max(x, o.x);
            double h = Math.min(bottom(), o.bottom()) - Math.max(y, o.y);
            return w <= 0 || h <= 0 ? 0 : w * h;
        }
    }

    /** One table: its columns in the order shown, and the columns it is sorted by, first key first. */
    public record TableLayout(List<Column> columns, List<SortKey> sort) {

        public TableLayout {
            columns = List.copyOf(columns);
            sort = List.copyOf(sort);
        }

        public Column column(String id) {
            return columns.stream().filter(c -> c.id().equals(id)).findFirst().orElse(null);
        }
    }

    /** A column by its id (a nested column's is "Group/Title"), its width in pixels and whether it is shown. */
    public record Column(String id, double width, boolean visible) { }

    public record SortKey(String column, boolean ascending) { }

    public WindowLayout withBounds(Bounds b, boolean max) {
        return new WindowLayout(b, max, lastScreens, tables, splits);
    }

    public WindowLayout withLastScreen(String cluster, String screen) {
        Map<String, String> m = new LinkedHashMap<>(lastScreens);
        m.put(cluster, screen);
        return new WindowLayout(bounds, maximized, m, tables, splits);
    }

    public WindowLayout withTable(String id, TableLayout t) {
        Map<String, TableLayout> m = new LinkedHashMap<>(tables);
        m.put(id, t);
        return new WindowLayout(bounds, maximized, lastScreens, m, splits);
    }

    public WindowLayout withSplit(String id, List<Double> dividers) {
        Map<String, List<Double>> m = new LinkedHashMap<>(splits);
        m.put(id, dividers);
        return new WindowLayout(bounds, maximized, lastScreens, tables, m);
    }
}
