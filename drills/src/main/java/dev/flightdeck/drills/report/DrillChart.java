package dev.flightdeck.drills.report;

import dev.flightdeck.drills.DrillReport;
import dev.flightdeck.drills.DrillSample;
import dev.flightdeck.drills.TimelineEvent;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The report's chart, drawn once for the console and the HTML export alike: GPUs in service (left
 * axis) and gangs running (right axis) over the drill, in minutes since its start, with a line where
 * each fault struck. A JFreeChart (AWT) chart: the console shows it in a JFreeChart-FX viewer, the
 * export embeds it as a PNG, so both show the same picture.
 */
public final class DrillChart {

    private static final Color GPUS = new Color(0x2e, 0x7d, 0x32);
    private static final Color GANGS = new Color(0x15, 0x65, 0xc0);
    private static final Color FAULT = new Color(0xc6, 0x28, 0x28);

    private DrillChart() {
    }

    public static JFreeChart of(DrillReport r) {
        XYSeries gpus = new XYSeries("GPUs in service");
        XYSeries gangs = new XYSeries("gangs running");
        for (DrillSample s : r.samples()) {
            double sec = s.at().toMillis() / 1000.0;
            gpus.add(sec, s.gpusInService());
            gangs.add(sec, s.gangsRunning());
        }
        XYPlot plot = new XYPlot();
        plot.setDataset(0, new XYSeriesCollection(gpus));
        plot.setDataset(1, new XYSeriesCollection(gangs));
        NumberAxis time = new NumberAxis("time since the drill started (m:ss)");
        time.setAutoRangeIncludesZero(true);
        time.setStandardTickUnits(clockTicks());
        plot.setDomainAxis(time);
        NumberAxis gpuAxis = new NumberAxis("GPUs in service");
        int total = r.samples().stream().mapToInt(DrillSample::gpusTotal).max().orElse(0);
        gpuAxis.setRange(0, Math.max(8, total * 1.05));
        NumberAxis gangAxis = new NumberAxis("gangs running");
        int gangCount = r.samples().stream().mapToInt(DrillSample::gangs).max().orElse(1);
        gangAxis.setRange(0, gangCount + 0.5);
        gangAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        plot.setRangeAxis(0, gpuAxis);
        plot.setRangeAxis(1, gangAxis);
        plot.mapDatasetToRangeAxis(0, 0);
        plot.mapDatasetToRangeAxis(1, 1);
        plot.setRenderer(0, renderer(GPUS, 2.5f));
        plot.setRenderer(1, renderer(GANGS, 2f));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
        plot.setRangeGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
        for (TimelineEvent e : r.timeline()) {
            if (e.kind() == TimelineEvent.Kind.FAULT && e.text().contains(" struck (")) {
                ValueMarker m = new ValueMarker(e.at().toMillis() / 1000.0, FAULT, new BasicStroke(1.2f,
                        BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[]{5, 4}, 0));
                m.setLabel(e.text().substring(0, e.text().indexOf(' ')));
                m.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
                m.setLabelPaint(FAULT);
                m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
                m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
                plot.addDomainMarker(m);
            }
        }
        JFreeChart chart = new JFreeChart(null, new Font(Font.SANS_SERIF, Font.BOLD, 13), plot, false);
        LegendTitle legend = new LegendTitle(plot);
        legend.setPosition(RectangleEdge.BOTTOM);
        chart.addLegend(legend);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** Ticks on the drill's clock: every 5 s for a short drill up to every 10 min for a long one, as m:ss. */
    private static org.jfree.chart.axis.TickUnits clockTicks() {
        java.text.NumberFormat clock = new java.text.NumberFormat() {
            @Override
            public StringBuffer format(double seconds, StringBuffer to, java.text.FieldPosition pos) {
                long s = Math.round(seconds);
                return to.append(s / 60).append(':').append(String.format("%02d", s % 60));
            }

            @Override
            public StringBuffer format(long seconds, StringBuffer to, java.text.FieldPosition pos) {
                return format((double) seconds, to, pos);
            }

            @Override
            public Number parse(String source, java.text.ParsePosition pos) {
                return null;
            }
        };
        org.jfree.chart.axis.TickUnits units = new org.jfree.chart.axis.TickUnits();
        for (int s : new int[]{5, 10, 15, 30, 60, 120, 300, 600, 900, 1800}) {
            units.add(new org.jfree.chart.axis.NumberTickUnit(s, clock));
        }
        return units;
    }

    private static XYStepRenderer renderer(Color color, float width) {
        XYStepRenderer r = new XYStepRenderer();
        r.setSeriesPaint(0, color);
        r.setSeriesStroke(0, new BasicStroke(width));
        r.setDefaultShapesVisible(false);
        return r;
    }

    /** The chart as a PNG of {@code width} × {@code height} pixels (headless AWT). */
    public static byte[] png(DrillReport r, int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING,
                    java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            of(r).draw(g, new java.awt.geom.Rectangle2D.Double(0, 0, width, height));
        } finally {
            g.dispose();
        }
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            javax.imageio.ImageIO.write(img, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
