package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tracker fed the real captures: gauges at once, rates only between scrapes of the same server process. */
class PressureTrackerFixtureTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

    private static PressureReading feed(PressureTracker tracker, Instant at, String body) {
        return tracker.scraped(at, new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theFirstScrapeHasGaugesButNoRates() {
        PressureReading first = feed(new PressureTracker(), T0, Fixtures.text(Fixtures.METRICS_APF_429));

        PressureSignals s = first.signals();
        assertFalse(s.hasRates());
        assertEquals("first scrape, rates from the next one", s.noRatesBecause());
        assertTrue(Double.isNaN(s.value(Signal.REQUEST_RATE)));
        assertTrue(Double.isNaN(s.value(Signal.APF_REJECTED_SHARE)));
        assertEquals(28, s.watches());
        assertEquals(1, s.watchesByResource().get("leases.coordination.k8s.io"));
        assertEquals(4, s.value(Signal.INFLIGHT_READ_ONLY));
        assertEquals(0, s.value(Signal.APF_IN_QUEUE));
        assertEquals(13, s.value(Signal.EVENT_OBJECTS));
        assertEquals(212, s.value(Signal.OBJECTS));
        assertEquals("API server healthy so far: first scrape, rates from the next one", first.assessment().headline());
    }

    @Test
    void theTwoCapturesInSequenceAreARestartSoNoRates() {
        PressureTracker tracker = new PressureTracker();
        feed(tracker, T0, Fixtures.text(Fixtures.METRICS));
        PressureReading second = feed(tracker, T0.plusSeconds(15), Fixtures.text(Fixtures.METRICS_APF_429));

        assertFalse(second.signals().hasRates());
        assertEquals("the API server restarted (or another replica answered), rates from the next scrape",
                second.signals().noRatesBecause());
        assertEquals(2, tracker.history().snapshot().size());
    }

    @Test
    void theFloodSeenOverOneWindowOfTheSameProcess() {
        String flooded = Fixtures.text(Fixtures.METRICS_APF_429);
        String fifteenSecondsEarlier = flooded
                .replace("reason=\"time-out\"} 64\n", "reason=\"time-out\"} 4\n")
                .replace("priority_level=\"workload-low\"} 837\n", "priority_level=\"workload-low\"} 297\n")
                .replace("verb=\"LIST\",version=\"v1\"} 64\n", "verb=\"LIST\",version=\"v1\"} 4\n")
                .replace("system_client=\"\",verb=\"LIST\",version=\"v1\"} 837\n", "system_client=\"\",verb=\"LIST\",version=\"v1\"} 297\n");
        PressureTracker tracker = new PressureTracker();
        feed(tracker, T0, fifteenSecondsEarlier);
        PressureReading reading = feed(tracker, T0.plusSeconds(15), flooded);

        PressureSignals s = reading.signals();
        assertTrue(s.hasRates());
        assertEquals(new ApfRejection("workload-low", "service-accounts", "time-out", 4.0), s.apf().rejections().getFirst());
        assertEquals(10.0, s.apf().rejectedPercentByPriorityLevel().get("workload-low"), 1e-9); // 60 of 600
        assertEquals(40.0, s.value(Signal.REQUEST_RATE), 1e-9);                                  // 600 in 15 s
        assertEquals(10.0, s.value(Signal.THROTTLED_SHARE), 1e-9);
        assertEquals(new ResourceRate("pods", 40.0, 4.0), s.requests().busiest().getFirst());
        assertEquals(Level.RED, reading.assessment().level());
        assertEquals("API server under pressure: 10.0% of requests rejected by APF in workload-low (time-out) (+1 more)",
                reading.assessment().headline());
    }
}
