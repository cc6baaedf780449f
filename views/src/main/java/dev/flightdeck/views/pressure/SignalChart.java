package dev.flightdeck.views.pressure;

import dev.flightdeck.app.pressure.HistorySnapshot;
import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.app.pressure.PressureReading;
import dev.flightdeck.app.pressure.PressureThresholds;
import dev.flightdeck.app.pressure.Signal;
import dev.flightdeck.app.pressure.Threshold;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Palette;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Label;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.time.Millisecond;
import org.jfree.data.time.TimeSeries;
import org.jfree.data.time.TimeSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;

/**
 * One dashboard chart: its signals over the history window as lines (a failed scrape is a gap,
 * not a zero), the amber and red bounds as dashed lines, and a title that says the current value
 * and turns amber or red, with an icon and the level in words (never colour alone).
 */
final class SignalChart extends VBox {

    /** How many line colours the theme has ({@code -fd-chart-line-1} ...); a sixth signal takes the first again. */
    private static final int LINE_COLOURS = 5;

    private final ChartSpec spec;
    private final List<TimeSeries> series = new ArrayList<>();
    private final Label title = new Label();
    private Level shownLevel;

    SignalChart(ChartSpec spec) {
        this.spec = spec;
        setId("chart-" + spec.id());
        getStyleClass().addAll(Styles.PANEL, "pressure-chart");
        TimeSeriesCollection data = new TimeSeriesCollection();
        for (Signal s : spec.signals()) {
            TimeSeries ts = new TimeSeries(s.label());
            series.add(ts);
            data.addSeries(ts);
        }
        JFreeChart chart = ChartFactory.createTimeSeriesChart(null, null, null, data, spec.signals().size() > 1, true, false);
        chart.setAntiAlias(true);
        XYPlot plot = chart.getXYPlot();
        XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) plot.getRenderer();
        for (int i = 0; i < spec.signals().size(); i++) {
            r.setSeriesStroke(i, new BasicStroke(i == 0 ? 2f : 1.4f));
        }
        // From zero, and never zoomed into noise: a p99 wobbling by a millisecond must not fill the chart.
        org.jfree.chart.axis.NumberAxis range = (org.jfree.chart.axis.NumberAxis) plot.getRangeAxis();
        range.setAutoRangeIncludesZero(true);
        range.setAutoRangeMinimumSize(switch (spec.signals().getFirst().unit()) {
            case SECONDS -> 0.05;
            case PERCENT -> 2;
            default -> 5;
        });
        ChartViewer viewer = new ChartViewer(chart);
        viewer.setPrefSize(460, 190);
        viewer.setMinHeight(150);
        VBox.setVgrow(viewer, Priority.ALWAYS);
        title.getStyleClass().add(Styles.SECTION_TITLE);
        title.setId("chart-" + spec.id() + "-title");
        getChildren().addAll(title, viewer);
        title.setText(spec.title());
        dev.flightdeck.views.theme.Themes.paint(this, p -> colour(chart, p));
    }

    /** The theme's colours on everything JFreeChart draws: it knows no CSS. */
    private void colour(JFreeChart chart, Palette p) {
        XYPlot plot = chart.getXYPlot();
        chart.setBackgroundPaint(p.awt("-fd-chart-bg"));
        plot.setBackgroundPaint(p.awt("-fd-plot-bg"));
        plot.setOutlinePaint(p.awt("-fd-chart-grid"));
        plot.setDomainGridlinePaint(p.awt("-fd-chart-grid"));
        plot.setRangeGridlinePaint(p.awt("-fd-chart-grid"));
        for (var axis : java.util.List.of(plot.getDomainAxis(), plot.getRangeAxis())) {
            axis.setTickLabelPaint(p.awt("-fd-chart-text"));
            axis.setLabelPaint(p.awt("-fd-chart-text"));
            axis.setAxisLinePaint(p.awt("-fd-chart-grid"));
            axis.setTickMarkPaint(p.awt("-fd-chart-grid"));
        }
        if (chart.getLegend() != null) {
            chart.getLegend().setBackgroundPaint(p.awt("-fd-chart-bg"));
            chart.getLegend().setItemPaint(p.awt("-fd-chart-text"));
        }
        XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) plot.getRenderer();
        for (int i = 0; i < spec.signals().size(); i++) {
            r.setSeriesPaint(i, p.awt("-fd-chart-line-" + (i % LINE_COLOURS + 1)));
        }
        plot.clearRangeMarkers();
        markers(plot, p);
    }

    private void markers(XYPlot plot, Palette p) {
        for (Signal s : spec.signals()) {
            Threshold t = PressureThresholds.DEFAULTS.of(s);
            if (t == null) {
                continue;
            }
            if (t.amber() > Double.MIN_VALUE) {
                plot.addRangeMarker(marker(t.amber(), p.awt("-fd-chart-amber")));
            }
            plot.addRangeMarker(marker(t.red(), p.awt("-fd-chart-red")));
            return; // one signal's bounds only: several sets of lines would not say which is whose
        }
    }

    private static ValueMarker marker(double at, Color colour) {
        return new ValueMarker(at, colour, new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f,
                new float[]{6f, 4f}, 0f));
    }

    /** Redraws the lines from the history and the title from the latest reading. */
    void show(HistorySnapshot history, PressureReading latest) {
        List<Instant> times = history == null ? List.of() : history.times();
        for (int i = 0; i < spec.signals().size(); i++) {
            TimeSeries ts = series.get(i);
            ts.setNotify(false);
            ts.clear();
            if (history != null) {
                double[] values = history.series(spec.signals().get(i));
                for (int k = 0; k < values.length; k++) {
                    ts.addOrUpdate(new Millisecond(Date.from(times.get(k))), Double.isNaN(values[k]) ? null : values[k]);
                }
            }
            ts.setNotify(true);
        }
        title(latest);
    }

    private void title(PressureReading latest) {
        Level level = Level.OK;
        StringBuilder now = new StringBuilder();
        if (latest != null && latest.signals() != null) {
            for (Signal s : spec.signals()) {
                double v = latest.signals().value(s);
                Threshold t = PressureThresholds.DEFAULTS.of(s);
                Level l = t == null ? Level.OK : t.levelOf(v);
                if (l.compareTo(level) > 0) {
                    level = l;
                }
            }
            Signal first = spec.signals().getFirst();
            now.append(" — ").append(first.unit().format(latest.signals().value(first)));
        }
        title.setText(spec.title() + now + (level == Level.OK ? "" : " (" + level.name().toLowerCase(Locale.ROOT) + ")"));
        title.setGraphic(level == Level.OK ? null : Icons.icon(Icons.AT_RISK, "level-" + level.name().toLowerCase(Locale.ROOT)));
        getStyleClass().removeIf(c -> c.startsWith("chart-level-"));
        getStyleClass().add("chart-level-" + level.name().toLowerCase(Locale.ROOT));
        shownLevel = level;
    }

    /** The level the chart shows now (for tests and the screenshot's reader). */
    Level level() {
        return shownLevel;
    }
}
