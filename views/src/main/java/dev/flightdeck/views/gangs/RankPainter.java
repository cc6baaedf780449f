package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.views.theme.Palette;
import dev.flightdeck.views.theme.Themes;
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
 * a red outline with a cross). A rank on an untrusted node gets a purple corner flag. The colours are the
 * theme's ({@code -fd-rank-*}): "hollow" shapes are filled with the theme's hollow colour, white in light, near
 * black in dark, and their numbers drawn in the theme's text colour.
 */
final class RankPainter {

    /** A palette's rank colours, read once per palette (the map draws up to 1,024 ranks a frame). */
    record Colours(Color running, Color succeeded, Color pending, Color notReady, Color terminating, Color broken,
                   Color mark, Color untrusted, Color selected, Color hover, Color hollow, Color number,
                   Color numberOnHollow, Color swatchFrame) {

        private static final java.util.Map<Palette, Colours> READ = new java.util.IdentityHashMap<>();

        static Colours of(Palette p) {
            return READ.computeIfAbsent(p, q -> new Colours(q.color("-fd-rank-running"), q.color("-fd-rank-succeeded"),
                    q.color("-fd-rank-pending"), q.color("-fd-rank-not-ready"), q.color("-fd-rank-terminating"),
                    q.color("-fd-rank-broken"), q.color("-fd-rank-mark"), q.color("-fd-rank-untrusted"),
                    q.color("-fd-rank-selected"), q.color("-fd-rank-hover"), q.color("-fd-rank-hollow"),
                    q.color("-fd-rank-number"), q.color("-fd-rank-number-hollow"), q.color("-fd-rank-swatch-frame")));
        }
    }

    private RankPainter() {
    }

    static void paint(GraphicsContext g, Colours c, RankState state, boolean untrusted, double x, double y, double s,
                      String number) {
        boolean hollow = false;
        switch (state) {
            case RUNNING -> fill(g, c.running(), x, y, s);
            case SUCCEEDED -> fill(g, c.succeeded(), x, y, s);
            case PENDING -> {
                g.setFill(c.hollow());
                g.fillRect(x, y, s, s);
                outline(g, c.pending(), x, y, s, Math.max(2, s / 8));
                hollow = true;
            }
            case NOT_READY -> {
                g.setFill(c.hollow());
                g.fillRect(x, y, s, s);
                g.setFill(c.notReady());
                g.fillRect(x, y + s / 2, s, s / 2);
                outline(g, c.pending(), x, y, s, 1.5);
                hollow = true;
            }
            case TERMINATING -> {
                g.setFill(c.hollow());
                g.fillRect(x, y, s, s);
                outline(g, c.terminating(), x, y, s, 1.5);
                g.setStroke(c.terminating());
                g.strokeLine(x, y + s, x + s, y);
                hollow = true;
            }
            case FAILED, EVICTED, CRASHING -> {
                // Bigger than its neighbours (into the gap) and crossed: it must be seen first.
                double o = Math.max(1.5, s / 10);
                fill(g, c.broken(), x - o, y - o, s + 2 * o);
                cross(g, c.mark(), x, y, s);
            }
            case MISSING -> {
                double o = Math.max(1.5, s / 10);
                g.setFill(c.hollow());
                g.fillRect(x - o, y - o, s + 2 * o, s + 2 * o);
                outline(g, c.broken(), x - o, y - o, s + 2 * o, Math.max(2, s / 7));
                cross(g, c.broken(), x, y, s);
                hollow = true;
            }
        }
        if (untrusted) {
            untrusted(g, c, x, y, s);
        }
        if (number != null && !state.haltsGang()) {
            g.setFill(hollow ? c.numberOnHollow() : c.number());
            label(g, number, x, y, s);
        }
    }

    /** A purple ring and corner flag: the rank runs, but on GPUs nobody should trust (in either colouring). */
    static void untrusted(GraphicsContext g, Colours c, double x, double y, double s) {
        g.setStroke(c.untrusted());
        g.setLineWidth(2);
        g.strokeRect(x - 2, y - 2, s + 4, s + 4);
        g.setLineWidth(1);
        double t = Math.max(8, s * 0.55);
        g.setFill(c.untrusted());
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

    /** A legend swatch: the same drawing, small, repainted when the theme changes. */
    static Canvas swatch(RankState state, boolean untrusted) {
        Canvas canvas = new Canvas(18, 18);
        Themes.paint(canvas, p -> {
            Colours c = Colours.of(p);
            GraphicsContext g = canvas.getGraphicsContext2D();
            g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
            if (untrusted) {
                g.setStroke(c.swatchFrame());
                g.strokeRect(2.5, 2.5, 13, 13);
                paintFlagOnly(g, c, 2, 2, 14);
            } else {
                paint(g, c, state, false, 2, 2, 14, null);
            }
        });
        return canvas;
    }

    private static void paintFlagOnly(GraphicsContext g, Colours c, double x, double y, double s) {
        double t = Math.max(6, s * 0.5);
        g.setFill(c.untrusted());
        g.fillPolygon(new double[]{x + s - t, x + s, x + s}, new double[]{y, y, y + t}, 3);
    }

    static void selection(GraphicsContext g, Colours c, double x, double y, double s, boolean hover) {
        g.setStroke(hover ? c.hover() : c.selected());
        g.setLineWidth(hover ? 1.5 : 3);
        double o = hover ? 3 : 4;
        g.strokeRect(x - o, y - o, s + 2 * o, s + 2 * o);
        g.setLineWidth(1);
    }
}
