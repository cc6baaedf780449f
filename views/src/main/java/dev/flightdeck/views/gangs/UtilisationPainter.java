package dev.flightdeck.views.gangs;

import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * A rank cell coloured by its GPUs' utilisation ({@link UtilisationScale}), its number in black or white to read on
 * it; a rank without GPU series is pale grey and hatched, so "no data" never passes for "idle". Also the legend's
 * scale bar and no-data swatch.
 */
final class UtilisationPainter {

    private UtilisationPainter() {
    }

    static void paint(GraphicsContext g, RankPainter.Colours colours, double percent, boolean untrusted, double x, double y, double s, String number) {
        Color fill = UtilisationScale.colour(percent);
        g.setFill(fill);
        g.fillRect(x, y, s, s);
        if (Double.isNaN(percent)) {
            hatch(g, x, y, s);
        }
        if (untrusted) {
            RankPainter.untrusted(g, colours, x, y, s);
        }
        if (number != null) {
            g.setFill(UtilisationScale.textOn(fill));
            RankPainter.label(g, number, x, y, s);
        }
    }

    /** Diagonal lines and an outline: the no-data cell. */
    private static void hatch(GraphicsContext g, double x, double y, double s) {
        g.save();
        g.beginPath();
        g.rect(x, y, s, s);
        g.clip();
        g.setStroke(UtilisationScale.NO_DATA_HATCH);
        g.setLineWidth(1);
        double step = Math.max(4, s / 4);
        for (double d = step; d < 2 * s; d += step) {
            g.strokeLine(x + d, y, x, y + d);
        }
        g.restore();
        g.setStroke(UtilisationScale.NO_DATA_HATCH);
        g.setLineWidth(1);
        g.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
    }

    /** The scale from 0 % at the left to 100 % at the right. */
    static Canvas scaleBar(double width, double height) {
        Canvas c = new Canvas(width, height);
        GraphicsContext g = c.getGraphicsContext2D();
        for (int x = 0; x < (int) width; x++) {
            g.setFill(UtilisationScale.colour(100.0 * x / (width - 1)));
            g.fillRect(x, 0, 1, height);
        }
        return c;
    }

    /** The legend's no-data cell, as drawn on the map (the same in both themes: pale and hatched on either). */
    static Canvas noDataSwatch() {
        Canvas c = new Canvas(18, 18);
        paint(c.getGraphicsContext2D(), null, Double.NaN, false, 2, 2, 14, null);
        return c;
    }
}
