package dev.flightdeck.app.layout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.layout.WindowLayout.Bounds;
import dev.flightdeck.app.layout.WindowLayout.Column;
import dev.flightdeck.app.layout.WindowLayout.SortKey;
import dev.flightdeck.app.layout.WindowLayout.TableLayout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * window.json, the console's own file (never the person's settings.json):
 * <pre>{"flightdeckLayout": 1,
 *  "window": {"x": 80, "y": 40, "width": 1600, "height": 960, "maximized": false},
 *  "lastScreen": {"prod-east": "gangs"},
 *  "tables": {"gang-table": {"columns": [{"id": "Gang", "width": 230, "visible": true}, …],
 *                            "sort": [{"column": "Checkpoint", "order": "descending"}]}},
 *  "splits": {"gangs/split-0": [0.36]}}</pre>
 * Reading checks every value (a size, a width, a divider between 0 and 1); a file that fails says why in one
 * line ({@link IllegalArgumentException}) and the caller uses no layout at all, rather than half of one.
 */
public final class LayoutJson {

    /** The format's version; a file with a larger one was written by a newer console. */
    public static final int VERSION = 1;
    static final String MARK = "flightdeckLayout";
    /** Beyond any screen: a window or column this large is a broken file, not a choice. */
    static final double MAX_PIXELS = 100_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    private LayoutJson() {
    }

    public static byte[] write(WindowLayout l) {
        ObjectNode root = JSON.createObjectNode().put(MARK, VERSION);
        if (l.bounds() != null) {
            root.putObject("window").put("x", l.bounds().x()).put("y", l.bounds().y())
                    .put("width", l.bounds().width()).put("height", l.bounds().height()).put("maximized", l.maximized());
        }
        ObjectNode screens = root.putObject("lastScreen");
        new java.util.TreeMap<>(l.lastScreens()).forEach(screens::put);
        ObjectNode tables = root.putObject("tables");
        new java.util.TreeMap<>(l.tables()).forEach((id, t) -> {
            ObjectNode o = tables.putObject(id);
            ArrayNode cols = o.putArray("columns");
            t.columns().forEach(c -> cols.addObject().put("id", c.id()).put("width", c.width()).put("visible", c.visible()));
            ArrayNode sort = o.putArray("sort");
            t.sort().forEach(s -> sort.addObject().put("column", s.column()).put("order", s.ascending() ? "ascending" : "descending"));
        });
        ObjectNode splits = root.putObject("splits");
        new java.util.TreeMap<>(l.splits()).forEach((id, d) -> d.forEach(splits.putArray(id)::add));
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a layout always writes", e);
        }
    }

    /** @throws IllegalArgumentException saying in one line what is wrong with the file */
    public static WindowLayout read(JsonNode root) {
        if (!(root instanceof ObjectNode) || !root.has(MARK)) {
            throw new IllegalArgumentException("is not a Flightdeck window layout (no \"" + MARK + "\")");
        }
        JsonNode version = root.get(MARK);
        if (!version.canConvertToInt() || version.asInt() < 1) {
            throw new IllegalArgumentException("\"" + MARK + "\" must be a version number, not " + version);
        }
        if (version.asInt() > VERSION) {
            throw new IllegalArgumentException("was written by a newer Flightdeck (layout version " + version.asInt() + ")");
        }
        Bounds bounds = null;
        boolean maximized = false;
        JsonNode w = root.get("window");
        if (w != null && !w.isNull()) {
            bounds = new Bounds(number(w, "x", "window", -MAX_PIXELS), number(w, "y", "window", -MAX_PIXELS),
                    size(w, "width", "window"), size(w, "height", "window"));
            maximized = w.path("maximized").asBoolean(false);
        }
        Map<String, String> screens = new LinkedHashMap<>();
        object(root, "lastScreen").properties().forEach(e -> {
            if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                throw new IllegalArgumentException("lastScreen \"" + e.getKey() + "\" must name a screen, not " + e.getValue());
            }
            screens.put(e.getKey(), e.getValue().asText());
        });
        Map<String, TableLayout> tables = new LinkedHashMap<>();
        object(root, "tables").properties().forEach(e -> tables.put(e.getKey(), table(e.getKey(), e.getValue())));
        Map<String, List<Double>> splits = new LinkedHashMap<>();
        object(root, "splits").properties().forEach(e -> splits.put(e.getKey(), dividers(e.getKey(), e.getValue())));
        return new WindowLayout(bounds, maximized, screens, tables, splits);
    }

    private static TableLayout table(String id, JsonNode t) {
        String where = "table \"" + id + "\"";
        List<Column> columns = new ArrayList<>();
        for (JsonNode c : array(t, "columns", where)) {
            String name = c.path("id").asText("");
            if (name.isBlank()) {
                throw new IllegalArgumentException(where + ": a column without an \"id\"");
            }
            columns.add(new Column(name, size(c, "width", where + " column \"" + name + "\""), c.path("visible").asBoolean(true)));
        }
        List<SortKey> sort = new ArrayList<>();
        for (JsonNode s : array(t, "sort", where)) {
            String order = s.path("order").asText("");
            if (!order.equals("ascending") && !order.equals("descending")) {
                throw new IllegalArgumentException(where + ": sort order must be \"ascending\" or \"descending\", not " + s.get("order"));
            }
            String column = s.path("column").asText("");
            if (column.isBlank()) {
                throw new IllegalArgumentException(where + ": a sort key without a \"column\"");
            }
            sort.add(new SortKey(column, order.equals("ascending")));
        }
        return new TableLayout(columns, sort);
    }

    private static List<Double> dividers(String id, JsonNode v) {
        if (!v.isArray()) {
            throw new IllegalArgumentException("splitter \"" + id + "\" must be a list of divider positions");
        }
        List<Double> out = new ArrayList<>();
        for (JsonNode d : v) {
            if (!d.isNumber() || d.asDouble() < 0 || d.asDouble() > 1) {
                throw new IllegalArgumentException("splitter \"" + id + "\": a divider is a fraction from 0 to 1, not " + d);
            }
            out.add(d.asDouble());
        }
        return out;
    }

    private static JsonNode object(JsonNode root, String field) {
        JsonNode v = root.get(field);
        if (v == null || v.isNull()) {
            return JSON.createObjectNode();
        }
        if (!v.isObject()) {
            throw new IllegalArgumentException("\"" + field + "\" must be an object");
        }
        return v;
    }

    private static JsonNode array(JsonNode o, String field, String where) {
        JsonNode v = o.get(field);
        if (v == null || v.isNull()) {
            return JSON.createArrayNode();
        }
        if (!v.isArray()) {
            throw new IllegalArgumentException(where + ": \"" + field + "\" must be a list");
        }
        return v;
    }

    private static double number(JsonNode o, String field, String where, double min) {
        JsonNode v = o.get(field);
        if (v == null || !v.isNumber() || !Double.isFinite(v.asDouble()) || v.asDouble() < min || v.asDouble() > MAX_PIXELS) {
            throw new IllegalArgumentException(where + " \"" + field + "\" must be a number of pixels, not " + v);
        }
        return v.asDouble();
    }

    private static double size(JsonNode o, String field, String where) {
        double d = number(o, field, where, 0);
        if (d <= 0) {
            throw new IllegalArgumentException(where + " \"" + field + "\" must be more than 0, not " + o.get(field));
        }
        return d;
    }
}
