package dev.flightdeck.views.nodes;

import dev.flightdeck.app.telemetry.GpuUtilHistory;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * A GPU's utilisation over the last hour as a small bar chart: one pixel column per refresh, newest at the right,
 * 0 % at the bottom and 100 % at the top, a gap (no reading) left blank. A canvas, not a chart: eight of them per
 * node, redrawn every 30 s.
 */
final class UtilSparkline extends Canvas {

    static final double HEIGHT = 18;
    UtilSparkline(byte[] history) {
        super(GpuUtilHistory.SLOTS + 2, HEIGHT);
        // The theme's bar and baseline; drawn again when the theme changes.
        dev.flightdeck.views.theme.Themes.paint(this, p -> draw(history, p.color("-fd-spark-bar"), p.color("-fd-spark-frame")));
    }

    private void draw(byte[] history, Color barColour, Color frame) {
        GraphicsContext g = getGraphicsContext2D();
        double w = getWidth();
        double h = getHeight();
        g.clearRect(0, 0, w, h);
        g.setStroke(frame);
        g.setLineWidth(1);
        g.strokeLine(0.5, h - 0.5, w - 0.5, h - 0.5); // the 0 % line: a gap reads as "nothing drawn above it"
        g.setFill(barColour);
        double top = 1;
        double span = h - 2;
        // Right-aligned: the newest refresh is always at the right edge, however little history there is.
        double x0 = w - 1 - history.length;
        for (int i = 0; i < history.length; i++) {
            int v = history[i];
            if (v == GpuUtilHistory.MISSING) {
                continue;
            }
            double bar = Math.max(1, span * v / 100.0); // an idle GPU still shows a reading, 1 px high
            g.fillRect(x0 + i, top + span - bar, 1, bar);
        }
    }
}
