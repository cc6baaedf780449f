package dev.flightdeck.testkit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PulseLinesTest {

    @Test
    void aPulseThatDidWorkAndIdleOnesGiveTheirFxThreadDurations() {
        assertArrayEquals(new int[]{7}, PulseLines.durations("PULSE: 12 [16ms:7ms]"));
        assertArrayEquals(new int[]{0, 3}, PulseLines.durations("[13 16ms:0ms] [14 17ms:3ms]"));
        assertTrue(PulseLines.didWork("PULSE: 12 [16ms:7ms]"));
        assertFalse(PulseLines.didWork("[13 16ms:0ms]"));
    }

    @Test
    void otherOutputHasNoPulse() {
        assertArrayEquals(new int[0], PulseLines.durations("flightdeck: connected to https://127.0.0.1:6443"));
        assertArrayEquals(new int[0], PulseLines.durations("T12 (0 +5ms): CSS Pass"));
    }

    @Test
    void theBreakdownIsToldFromOtherOutput() {
        assertTrue(PulseLines.isDetail("T12 (0 +5ms): CSS Pass"));
        assertTrue(PulseLines.isDetail("Counters:"));
        assertTrue(PulseLines.isDetail("\tNGRegion: 12"));
        assertTrue(PulseLines.isDetail(""));
        assertFalse(PulseLines.isDetail("\tat dev.flightdeck.views.Launcher.main(Launcher.java:30)"));
        assertFalse(PulseLines.isDetail("Exception in thread \"main\""));
        assertEquals("(0 +5ms): CSS Pass", PulseLines.phase("T12 (0 +5ms): CSS Pass"));
    }
}
