package dev.flightdeck.views.gangs;

import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The utilisation scale reads without hue: lighter means busier, all the way, and "no data" is none of its colours. */
class UtilisationScaleTest {

    @Test
    void lightnessRisesStrictlyFromIdleToBusy() {
        double previous = -1;
        for (int p = 0; p <= 100; p++) {
            double l = UtilisationScale.luminance(UtilisationScale.colour(p));
            assertTrue(l > previous, p + "% is lighter than " + (p - 1) + "%");
            previous = l;
        }
        assertEquals(UtilisationScale.colour(0), UtilisationScale.colour(-5), "clamped");
        assertEquals(UtilisationScale.colour(100), UtilisationScale.colour(140), "clamped");
    }

    @Test
    void noDataIsFarFromEveryColourOfTheScale() {
        Color none = UtilisationScale.colour(Double.NaN);
        assertEquals(UtilisationScale.NO_DATA, none);
        for (int p = 0; p <= 100; p++) {
            Color c = UtilisationScale.colour(p);
            double distance = Math.abs(c.getRed() - none.getRed()) + Math.abs(c.getGreen() - none.getGreen())
                    + Math.abs(c.getBlue() - none.getBlue());
            assertTrue(distance > 0.35, p + "% is not mistaken for no data: " + c);
        }
    }

    @Test
    void rankNumbersReadOnEveryColour() {
        for (int p = 0; p <= 100; p += 5) {
            Color bg = UtilisationScale.colour(p);
            double lb = UtilisationScale.luminance(bg);
            double lt = UtilisationScale.luminance(UtilisationScale.textOn(bg));
            double contrast = (Math.max(lb, lt) + 0.05) / (Math.min(lb, lt) + 0.05);
            assertTrue(contrast >= 4.5, p + "%: contrast " + contrast);
        }
    }
}
