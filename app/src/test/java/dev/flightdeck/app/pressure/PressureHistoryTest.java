package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PressureHistoryTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

    private static PressureSignals gaugesAt(Instant at, double watches) {
        Exposition metrics = MetricsText.startedAt(1).gauge(ApiServerMetrics.LONGRUNNING, watches, "verb", "WATCH", "resource", "pods").parse();
        return PressureSignals.derive(at, new ScrapePair(null, metrics, null), "first scrape");
    }

    @Test
    void keepsTheWindowBackFromTheNewestPoint() {
        PressureHistory history = new PressureHistory(); // 15 min
        for (int i = 0; i <= 80; i++) { // 20 minutes at 15 s
            history.record(gaugesAt(T0.plusSeconds(15L * i), i));
        }
        HistorySnapshot snapshot = history.snapshot();

        assertEquals(61, snapshot.size()); // 15 min of 15 s steps, both ends included
        assertEquals(T0.plusSeconds(15L * 20), snapshot.times().getFirst());
        assertEquals(80, snapshot.series(Signal.WATCHES)[60]);
    }

    @Test
    void snapshotsDoNotChangeAfterwardsAndShrinkingDropsTheOldest() {
        PressureHistory history = new PressureHistory(Duration.ofMinutes(30));
        history.record(gaugesAt(T0, 1));
        history.recordGap(T0.plusSeconds(600), "403 Forbidden");
        HistorySnapshot before = history.snapshot();
        history.record(gaugesAt(T0.plusSeconds(1200), 3));
        history.setWindow(Duration.ofMinutes(5));

        assertEquals(2, before.size());
        assertTrue(Double.isNaN(before.series(Signal.WATCHES)[1]));
        assertEquals(1, history.snapshot().size());
        assertEquals(Duration.ofMinutes(5), history.snapshot().window());
    }

    @Test
    void windowsOutsideOneMinuteToOneHourAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PressureHistory(Duration.ofHours(2)));
        assertThrows(IllegalArgumentException.class, () -> new PressureHistory().setWindow(Duration.ofSeconds(30)));
    }
}
