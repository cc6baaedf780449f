package dev.flightdeck.views.theme;

import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WCAG AA in both themes, read from the palettes themselves: every pair of colours a screen puts text on (4.5:1)
 * or a glyph that carries meaning on (3:1; icons, focus ring, chart lines, rank cells) is computed from
 * theme-light.css and theme-dark.css, so a palette edit that makes a verdict, a banner or a chart label hard to
 * read fails here. Also: every colour flightdeck.css looks up is declared by both themes.
 */
class ThemeContrastTest {

    /** Body text and words that say a state: WCAG 1.4.3. */
    static final double TEXT = 4.5;
    /** Icons, focus indicators, chart lines and map cells: WCAG 1.4.11. */
    static final double GLYPH = 3.0;

    record Pair(String fg, String bg, double min, String where) {
    }

    static final String[] STATE_ICONS = {"-fd-good", "-fd-bad", "-fd-bad-strong", "-fd-warn", "-fd-amber", "-fd-info",
            "-fd-untrusted", "-fd-gated", "-fd-neutral"};

    static List<Pair> pairs() {
        List<Pair> p = new ArrayList<>();
        for (String bg : new String[]{"-fd-surface", "-fd-canvas", "-fx-control-inner-background"}) {
            p.add(new Pair("-fd-text", bg, TEXT, "text"));
            p.add(new Pair("-fd-text-muted", bg, TEXT, "muted text, keys, hints"));
            p.add(new Pair("-fd-link", bg, TEXT, "links (rank links, Journal, Events)"));
            p.add(new Pair("-fd-bad-text", bg, TEXT, "stale checkpoint, red headline, drill not recovered"));
            p.add(new Pair("-fd-warn-text", bg, TEXT, "ageing checkpoint, amber headline"));
            p.add(new Pair("-fd-good", bg, TEXT, "drill recovered"));
            for (String icon : STATE_ICONS) {
                p.add(new Pair(icon, bg, GLYPH, "state icon (verdict, phase, gang, checkpoint, level)"));
            }
            p.add(new Pair("-fd-focus", bg, GLYPH, "focus ring"));
            p.add(new Pair("-fx-focus-color", bg, GLYPH, "Modena's focus ring"));
        }
        p.add(new Pair("-fd-selected-text", "-fd-accent", TEXT, "selected table row, its icons"));
        p.add(new Pair("-fd-text", "-fx-selection-bar-non-focused", TEXT, "selected row of a table without focus"));
        p.add(new Pair("-fd-text", "-fd-nav-selected", TEXT, "the screen shown, in the navigation"));
        // banners, badges, boxes
        p.add(new Pair("-fd-error-text", "-fd-error-bg", TEXT, "error banner, broken ranks"));
        p.add(new Pair("-fd-error-icon", "-fd-error-bg", GLYPH, "error banner icon"));
        p.add(new Pair("-fd-warning-text", "-fd-warning-bg", TEXT, "warning banner, sandbox badge, TLS off"));
        p.add(new Pair("-fd-warning-icon", "-fd-warning-bg", GLYPH, "warning icon, TLS off icon"));
        p.add(new Pair("-fd-text", "-fd-info-bg", TEXT, "notice banner"));
        p.add(new Pair("-fd-info-icon", "-fd-info-bg", GLYPH, "notice icon"));
        p.add(new Pair("-fd-stalled-text", "-fd-stalled-bg", TEXT, "stalled gang box"));
        p.add(new Pair("-fd-drill-text", "-fd-drill-bg", TEXT, "drill banner"));
        p.add(new Pair("-fd-drill-icon", "-fd-drill-bg", GLYPH, "drill banner icon"));
        p.add(new Pair("-fd-cluster-text", "-fd-cluster-bg", TEXT, "action window's cluster"));
        p.add(new Pair("-fd-text", "-fd-brief-bg", TEXT, "drill brief"));
        // the pressure screen
        p.add(new Pair("-fd-bad-text", "-fd-error-bg", TEXT, "red chart's title"));
        p.add(new Pair("-fd-bad-strong", "-fd-error-bg", GLYPH, "red chart's icon"));
        p.add(new Pair("-fd-warn-text", "-fd-amber-bg", TEXT, "amber chart's title"));
        p.add(new Pair("-fd-amber", "-fd-amber-bg", GLYPH, "amber chart's icon"));
        p.add(new Pair("-fd-chart-text", "-fd-chart-bg", TEXT, "chart axis labels and legend"));
        for (String line : new String[]{"-fd-chart-line-1", "-fd-chart-line-2", "-fd-chart-line-3", "-fd-chart-line-4",
                "-fd-chart-line-5", "-fd-chart-amber", "-fd-chart-red"}) {
            p.add(new Pair(line, "-fd-plot-bg", GLYPH, "chart line or bound"));
        }
        p.add(new Pair("-fd-spark-bar", "-fd-surface", GLYPH, "GPU utilisation sparkline"));
        // the rank map
        p.add(new Pair("-fd-rank-label", "-fd-surface", TEXT, "rank map row labels"));
        p.add(new Pair("-fd-rank-number", "-fd-rank-running", TEXT, "rank number on a running rank"));
        p.add(new Pair("-fd-rank-number", "-fd-rank-succeeded", TEXT, "rank number on a succeeded rank"));
        p.add(new Pair("-fd-rank-number-hollow", "-fd-rank-hollow", TEXT, "rank number on a pending rank"));
        p.add(new Pair("-fd-rank-number-hollow", "-fd-rank-not-ready", TEXT, "rank number on a not-ready rank"));
        p.add(new Pair("-fd-rank-mark", "-fd-rank-broken", GLYPH, "the cross on a broken rank"));
        for (String cell : new String[]{"-fd-rank-running", "-fd-rank-succeeded", "-fd-rank-pending",
                "-fd-rank-terminating", "-fd-rank-broken", "-fd-rank-untrusted", "-fd-rank-selected", "-fd-rank-hover"}) {
            p.add(new Pair(cell, "-fd-rank-block", GLYPH, "rank cell, outline, flag or selection on the map"));
        }
        return p;
    }

    @Test
    void everyPairMeetsAaInBothThemes() {
        List<String> below = new ArrayList<>();
        for (Look look : Look.values()) {
            Palette palette = Palette.of(look);
            Pair lowest = null;
            double lowestRatio = Double.MAX_VALUE;
            for (Pair pair : pairs()) {
                double r = ratio(palette.color(pair.fg()), palette.color(pair.bg()));
                if (r < pair.min()) {
                    below.add(String.format(Locale.ROOT, "%s: %s on %s is %.2f:1, under %.1f:1 (%s)", look, pair.fg(),
                            pair.bg(), r, pair.min(), pair.where()));
                }
                if (r / pair.min() < lowestRatio / (lowest == null ? 1 : lowest.min())) {
                    lowest = pair;
                    lowestRatio = r;
                }
            }
            // The figure to watch: how close each theme comes to failing.
            System.out.printf(Locale.ROOT, "contrast %s: %d pairs, closest to the line %.2f:1 (needs %.1f) %s on %s (%s)%n",
                    look, pairs().size(), lowestRatio, lowest.min(), lowest.fg(), lowest.bg(), lowest.where());
        }
        assertTrue(below.isEmpty(), String.join("\n", below));
    }

    @Test
    void theRatioIsWcags() {
        assertEquals(21.0, ratio(Color.BLACK, Color.WHITE), 0.01);
        assertEquals(1.0, ratio(Color.web("#777777"), Color.web("#777777")), 0.001);
        assertEquals(4.48, ratio(Color.web("#777777"), Color.WHITE), 0.01); // the classic just-fails grey
    }

    @Test
    void bothThemesDeclareEveryColourTheStylesheetLooksUp() throws IOException {
        Set<String> light = new TreeSet<>(Palette.of(Look.LIGHT).names());
        Set<String> dark = new TreeSet<>(Palette.of(Look.DARK).names());
        Set<String> onlyLight = new TreeSet<>(light);
        onlyLight.removeAll(dark);
        Set<String> onlyDark = new TreeSet<>(dark);
        onlyDark.removeAll(light);
        // Dark sets a few more of Modena's own (borders it derives too faintly); every -fd- name is in both.
        assertTrue(onlyLight.stream().noneMatch(n -> n.startsWith("-fd-")), "only in light: " + onlyLight);
        assertTrue(onlyDark.stream().noneMatch(n -> n.startsWith("-fd-")), "only in dark: " + onlyDark);
        Matcher m = Pattern.compile("-fd-[a-z0-9-]+").matcher(read("flightdeck.css"));
        Set<String> used = new TreeSet<>();
        while (m.find()) {
            used.add(m.group());
        }
        used.removeAll(light);
        assertTrue(used.isEmpty(), "flightdeck.css looks up colours no theme declares: " + used);
        for (Pair pair : pairs()) {
            Palette.of(Look.LIGHT).color(pair.fg());
            Palette.of(Look.DARK).color(pair.bg());
        }
    }

    static double ratio(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /** WCAG 2's relative luminance. */
    static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    private static String read(String file) throws IOException {
        try (InputStream in = Palette.class.getResourceAsStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
