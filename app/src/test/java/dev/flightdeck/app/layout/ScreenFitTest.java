package dev.flightdeck.app.layout;

import dev.flightdeck.app.layout.WindowLayout.Bounds;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A remembered window back on a screen a person can see, whatever monitors are left. */
class ScreenFitTest {

    private static final Bounds LAPTOP = new Bounds(0, 0, 1440, 900);
    private static final Bounds LEFT_MONITOR = new Bounds(-2560, 0, 2560, 1440);

    @Test
    void aWindowOnAScreenStaysWhereItWas() {
        Bounds b = new Bounds(100, 50, 1200, 800);
        assertEquals(b, ScreenFit.fit(b, List.of(LAPTOP)));
        Bounds onLeft = new Bounds(-2400, 100, 1600, 960);
        assertEquals(onLeft, ScreenFit.fit(onLeft, List.of(LAPTOP, LEFT_MONITOR)));
    }

    @Test
    void aWindowWhoseMonitorIsGoneComesBackCentredOnThePrimaryShrunkToFit() {
        Bounds onLeft = new Bounds(-2400, 100, 1600, 960);
        assertEquals(new Bounds(0, 0, 1440, 900), ScreenFit.fit(onLeft, List.of(LAPTOP)));
        Bounds small = new Bounds(-2400, 100, 800, 600);
        assertEquals(new Bounds(320, 150, 800, 600), ScreenFit.fit(small, List.of(LAPTOP)));
    }

    @Test
    void aWindowHangingOffAnEdgeIsMovedWhollyOntoTheScreenItMostlyCovers() {
        Bounds half = new Bounds(1000, 600, 1200, 800);
        assertEquals(new Bounds(240, 100, 1200, 800), ScreenFit.fit(half, List.of(LAPTOP)));
        Bounds above = new Bounds(200, -300, 800, 600);
        assertEquals(new Bounds(200, 0, 800, 600), ScreenFit.fit(above, List.of(LAPTOP)));
    }

    @Test
    void twoMonitorsPickTheOneTheWindowOverlapsMost() {
        Bounds straddling = new Bounds(-500, 100, 1200, 800); // 500 px on the left monitor, 700 on the laptop
        assertEquals(new Bounds(0, 100, 1200, 800), ScreenFit.fit(straddling, List.of(LEFT_MONITOR, LAPTOP)));
    }
}
