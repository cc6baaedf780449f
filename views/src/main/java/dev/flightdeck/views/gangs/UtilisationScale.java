package dev.flightdeck.views.gangs;

import javafx.scene.paint.Color;

/**
 * The rank map's utilisation colours: viridis, a sequential scale from dark purple (0 %) through blue and green to
 * yellow (100 %) whose lightness rises steadily, so it reads for the common colour-vision deficiencies and in
 * greyscale (darker is idler). "No data" is a pale grey, hatched where drawn, which no point of the scale is.
 */
final class UtilisationScale {

    /** Viridis at 0, 12.5, …, 100 % (matplotlib's table, 9 samples; linear between them). */
    private static final Color[] STOPS = {
            Color.web("#440154"), Color.web("#472d7b"), Color.web("#3b528b"), Color.web("#2c728e"),
            Color.web("#21918c"), Color.web("#28ae80"), Color.web("#5ec962"), Color.web("#addc30"),
            Color.web("#fde725")};
    static final Color NO_DATA = Color.web("#eaeef2");
    static final Color NO_DATA_HATCH = Color.web("#8c959f");

    private UtilisationScale() {
    }

    /** The colour of {@code percent} (clamped to 0..100); {@link #NO_DATA} for NaN. */
    static Color colour(double percent) {
        if (Double.isNaN(percent)) {
            return NO_DATA;
        }
        double p = Math.max(0, Math.min(100, percent)) / 100 * (STOPS.length - 1);
        int i = (int) Math.floor(p);
        if (i >= STOPS.length - 1) {
            return STOPS[STOPS.length - 1];
        }
        return STOPS[i].interpolate(STOPS[i + 1], p - i);
    }

    /** Black or white, whichever contrasts more with {@code background} (never under 4.5:1 on this scale). */
    static Color textOn(Color background) {
        double l = luminance(background);
        return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? Color.BLACK : Color.WHITE;
    }

    /** Relative luminance (WCAG), for choosing the text colour and for the scale's test. */
    static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
