package dev.flightdeck.views.pressure;

import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.app.pressure.PressureReading;
import dev.flightdeck.app.pressure.PressureSignals;
import dev.flightdeck.app.pressure.PressureThresholds;
import dev.flightdeck.app.pressure.Signal;
import dev.flightdeck.app.pressure.Threshold;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The latest values for people who would rather read than look at lines: every signal with its
 * level and bounds, then the breakdowns behind them (by verb, APF priority level and flow schema,
 * busiest and most failing resources, watches and stored objects by resource).
 */
final class LatestValuesTable extends TableView<LatestValuesTable.Row> {

    /** One line: what, its value, its level (or empty), and the bounds it is judged against. */
    record Row(String group, String name, String value, String level, String bounds) {
    }

    LatestValuesTable() {
        setId("pressure-table");
        getColumns().add(column("Group", Row::group, 130));
        getColumns().add(column("Signal", Row::name, 330));
        getColumns().add(column("Value", Row::value, 110));
        getColumns().add(column("Level", Row::level, 80));
        getColumns().add(column("Amber / red at", Row::bounds, 140));
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    }

    private static TableColumn<Row, String> column(String title, java.util.function.Function<Row, String> f, double width) {
        TableColumn<Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }

    void show(PressureReading r) {
        getItems().setAll(rows(r));
    }

    static List<Row> rows(PressureReading r) {
        List<Row> out = new ArrayList<>();
        if (r == null || r.signals() == null) {
            return out;
        }
        PressureSignals s = r.signals();
        for (Signal signal : Signal.values()) {
            double v = s.value(signal);
            Threshold t = PressureThresholds.DEFAULTS.of(signal);
            Level level = t == null ? Level.OK : t.levelOf(v);
            out.add(new Row("signal", signal.label(), Double.isNaN(v) ? "unknown" : signal.unit().format(v),
                    t == null ? "" : level.name().toLowerCase(Locale.ROOT),
                    t == null ? "" : (t.amber() == Double.MIN_VALUE ? "any" : signal.unit().format(t.amber())) + " / "
                            + signal.unit().format(t.red())));
        }
        sorted(s.requests().perSecondByVerb()).forEach(e ->
                out.add(new Row("requests/s by verb", e.getKey(), rate(e.getValue()), "", "")));
        s.apf().rejections().forEach(a -> out.add(new Row("APF rejections/s", a.priorityLevel() + " · " + a.flowSchema()
                + " · " + a.reason(), rate(a.perSecond()), "", "")));
        sorted(s.apf().inQueueByPriorityLevel()).forEach(e ->
                out.add(new Row("APF in queue", e.getKey(), count(e.getValue()), "", "")));
        sorted(s.apf().executingByPriorityLevel()).forEach(e ->
                out.add(new Row("APF executing", e.getKey(), count(e.getValue()), "", "")));
        s.requests().busiest().forEach(x -> out.add(new Row("busiest resources", x.resource(), rate(x.perSecond()), "", "")));
        s.requests().mostFailing().forEach(x -> out.add(new Row("most failing resources", x.resource(),
                rate(x.errorsPerSecond()) + " errors", "", "")));
        s.watchesByResource().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(10)
                .forEach(e -> out.add(new Row("watches by resource", e.getKey(), Long.toString(e.getValue()), "", "")));
        s.objects().byResource().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(10)
                .forEach(e -> out.add(new Row("objects stored", e.getKey(), String.format(Locale.ROOT, "%,d", e.getValue()), "", "")));
        return out;
    }

    private static List<Map.Entry<String, Double>> sorted(Map<String, Double> m) {
        return m.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())).toList();
    }

    private static String rate(double v) {
        return String.format(Locale.ROOT, v < 10 ? "%.2f/s" : "%.0f/s", v);
    }

    private static String count(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }
}
