package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.RankState;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * How one rank cell looks. Each state has its own shape as well as its colour, so the map
 * reads in greyscale: running is a solid square, pending a hollow one, not-ready half
 * filled, and ranks that halt the gang a larger red square with a white cross (missing:
 * a red outline with a cross). A rank on an untrusted node gets a purple corner flag.
 */
final class RankPainter {

    static final Color RUNNING = Color.web("#2da44e");
    static final Color SUCCEEDED = Color.web("#8c959f");
    static final Color PENDING = Color.web("#9a6700");
    static final Color NOT_READY = Color.web("#d4a72c");
    static final Color TERMINATING = Color.web("#57606a");
    static final Color BROKEN = Color.web("#cf222e");
    static final Color UNTRUSTED = Color.web("#8250df");
    static final Color SELECTED = Color.web("#0b5cad");
    static final Color TEXT = Color.web("#1f2328");

    private RankPainter() {
    }

    static void paint(GraphicsContext g, RankState state, boolean untrusted, double x, double y, double s,
                      String number) {
        boolean light = false;
        switch (state) {
            case RUNNING -> fill(g, RUNNING, x, y, s);
            case SUCCEEDED -> fill(g, SUCCEEDED, x, y, s);
            case PENDING -> {
                g.setFill(Color.WHITE);
                g.fillRect(x, y, s, s);
                outline(g, PENDING, x, y, s, Math.max(2, s / 8));
                light = true;
            }
            case NOT_READY -> {
                g.setFill(Color.WHITE);
                g.fillRect(x, y, s, s);
                g.setFill(NOT_READY);
                g.fillRect(x, y + s / 2, s, s / 2);
                outline(g, PENDING, x, y, s, 1.5);
                light = true;
            }
            case TERMINATING -> {
                g.setFill(Color.WHITE);
                g.fillRect(x, y, s, s);
                outline(g, TERMINATING, x, y, s, 1.5);
                g.setStroke(TERMINATING);
                g.strokeLine(x, y + s, x + s, y);
                light = true;
            }
            case FAILED, EVICTED, CRASHING -> {
                // Bigger than its neighbours (into the gap) and crossed: it must be seen first.
                double o = Math.max(1.5, s / 10);
                fill(g, BROKEN, x - o, y - o, s + 2 * o);
                cross(g, Color.WHITE, x, y, s);
            }
            case MISSING -> {
                double o = Math.max(1.5, s / 10);
                g.setFill(Color.WHITE);
                g.fillRect(x - o, y - o, s + 2 * o, s + 2 * o);
                outline(g, BROKEN, x - o, y - o, s + 2 * o, Math.max(2, s / 7));
                cross(g, BROKEN, x, y, s);
                light = true;
            }
        }
        if (untrusted) {
            untrusted(g, x, y, s);
        }
        if (number != null && !state.haltsGang()) {
            g.setFill(light ? TEXT : Color.WHITE);
            label(g, number, x, y, s);
        }
    }

    /** A purple ring and corner flag: the rank runs, but on GPUs nobody should trust (in either colouring). */
    static void untrusted(GraphicsContext g, double x, double y, double s) {
        g.setStroke(UNTRUSTED);
        g.setLineWidth(2);
        g.strokeRect(x - 2, y - 2, s + 4, s + 4);
        g.setLineWidth(1);
        double t = Math.max(8, s * 0.55);
        g.setFill(UNTRUSTED);
        g.fillPolygon(new double[]{x + s - t, x + s, x + s}, new double[]{y, y, y + t}, 3);
    }

    static void label(GraphicsContext g, String text, double x, double y, double s) {
        g.setFont(Font.font("System", FontWeight.BOLD, text.length() > 2 ? 10 : 12));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(text, x + s / 2, y + s / 2);
    }

    private static void fill(GraphicsContext g, Color c, double x, double y, double s) {
        g.setFill(c);
        g.fillRect(x, y, s, s);
    }

    private static void outline(GraphicsContext g, Color c, double x, double y, double s, double w) {
        g.setStroke(c);
        g.setLineWidth(w);
        g.strokeRect(x + w / 2, y + w / 2, s - w, s - w);
        g.setLineWidth(1);
    }

    private static void cross(GraphicsContext g, Color c, double x, double y, double s) {
        double m = s * 0.25;
        g.setStroke(c);
        g.setLineWidth(Math.max(2, s / 7));
        g.strokeLine(x + m, y + m, x + s - m, y + s - m);
        g.strokeLine(x + s - m, y + m, x + m, y + s - m);
        g.setLineWidth(1);
    }

    /** A legend swatch: the same drawing, small. */
    static Canvas swatch(RankState state, boolean untrusted) {
        Canvas c = new Canvas(18, 18);
        if (untrusted) {
            GraphicsContext g = c.getGraphicsContext2D();
            g.setStroke(Color.web("#8c959f"));
            g.strokeRect(2.5, 2.5, 13, 13);
            paintFlagOnly(g, 2, 2, 14);
        } else {
            paint(c.getGraphicsContext2D(), state, false, 2, 2, 14, null);
        }
        return c;
    }

    private static void paintFlagOnly(GraphicsContext g, double x, double y, double s) {
        double t = Math.max(6, s * 0.5);
        g.setFill(UNTRUSTED);
        g.fillPolygon(new double[]{x + s - t, x + s, x + s}, new double[]{y, y, y + t}, 3);
    }

    static void selection(GraphicsContext g, double x, double y, double s, boolean hover) {
        g.setStroke(hover ? TEXT : SELECTED);
        g.setLineWidth(hover ? 1.5 : 3);
        double o = hover ? 3 : 4;
        g.strokeRect(x - o, y - o, s + 2 * o, s + 2 * o);
        g.setLineWidth(1);
    }
}
