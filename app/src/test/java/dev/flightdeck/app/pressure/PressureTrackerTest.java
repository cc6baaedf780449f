package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Windows, gaps, restarts and failures over a sequence of scrapes. */
class PressureTrackerTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

    private static Exposition requests(double processStart, double gets) {
        return MetricsText.startedAt(processStart).counter(ApiServerMetrics.REQUESTS, gets, "verb", "GET", "code", "200", "resource", "pods").parse();
    }

    @Test
    void aFailedScrapeIsAGapAndTheNextRateSpansIt() {
        PressureTracker tracker = new PressureTracker();
        tracker.scraped(T0, requests(1, 100));
        PressureReading failed = tracker.failed(T0.plusSeconds(15), "connection refused");
        PressureReading after = tracker.scraped(T0.plusSeconds(30), requests(1, 160));

        assertTrue(failed.failed());
        assertNull(failed.signals());
        assertEquals("API server metrics unavailable: connection refused", failed.assessment().headline());
        assertEquals(Duration.ofSeconds(30), after.signals().window());
        assertEquals(2.0, after.signals().value(Signal.REQUEST_RATE), 1e-12);

        HistorySnapshot history = tracker.history().snapshot();
        assertEquals(3, history.size());
        assertTrue(history.points().get(1).isGap());
        assertEquals("connection refused", history.points().get(1).gapReason());
        double[] rates = history.series(Signal.REQUEST_RATE);
        assertTrue(Double.isNaN(rates[0]) && Double.isNaN(rates[1]));
        assertEquals(2.0, rates[2], 1e-12);
    }

    @Test
    void aGarbledBodyIsAFailedScrapeAndLeavesThePreviousOneForRates() {
        PressureTracker tracker = new PressureTracker();
        tracker.scraped(T0, requests(1, 100));
        PressureReading garbled = tracker.scraped(T0.plusSeconds(15),
                new ByteArrayInputStream("# TYPE apiserver_request_total counter\napiserver_request_total\n".getBytes(StandardCharsets.UTF_8)));
        PressureReading after = tracker.scraped(T0.plusSeconds(30), requests(1, 130));

        assertEquals("line 2: expected a value after the metric name", garbled.failure());
        assertEquals("API server metrics unavailable: line 2: expected a value after the metric name", garbled.assessment().headline());
        assertEquals(1.0, after.signals().value(Signal.REQUEST_RATE), 1e-12);
    }

    @Test
    void aGapLongerThanTheRateSpanStartsAfresh() {
        PressureTracker tracker = new PressureTracker();
        tracker.scraped(T0, requests(1, 100));
        PressureReading late = tracker.scraped(T0.plus(Duration.ofMinutes(6)), requests(1, 130));

        assertFalse(late.signals().hasRates());
        assertEquals("the last good scrape was 6 min ago, rates from the next one", late.signals().noRatesBecause());
    }

    @Test
    void aScrapeRightAfterAnotherAddsNothingAndTheNextRateSpansFromTheEarlierOne() {
        PressureTracker tracker = new PressureTracker();
        tracker.scraped(T0, requests(1, 100));
        PressureReading withRates = tracker.scraped(T0.plusSeconds(5), requests(1, 110));
        PressureReading soon = tracker.scraped(T0.plusSeconds(5).plusMillis(73), requests(1, 110));
        assertSame(withRates, soon, "the reading with rates stands; none over 73 ms replaces it");
        assertSame(withRates, tracker.latest());
        assertEquals(2, tracker.history().snapshot().size());

        PressureReading next = tracker.scraped(T0.plusSeconds(10), requests(1, 130));
        assertEquals(Duration.ofSeconds(5), next.signals().window());
        assertEquals(4.0, next.signals().value(Signal.REQUEST_RATE), 1e-12);
    }

    @Test
    void aScrapeRightAfterAFailedOneGivesNoRatesAndKeepsTheEarlierBase() {
        PressureTracker tracker = new PressureTracker();
        tracker.scraped(T0, requests(1, 100));
        tracker.failed(T0.plusMillis(200), "connection reset");
        PressureReading soon = tracker.scraped(T0.plusMillis(500), requests(1, 101));
        PressureReading next = tracker.scraped(T0.plusSeconds(5), requests(1, 110));

        assertFalse(soon.signals().hasRates());
        assertEquals("only 500 ms since the last scrape, rates from the next one", soon.signals().noRatesBecause());
        assertEquals(Duration.ofSeconds(5), next.signals().window());
        assertEquals(2.0, next.signals().value(Signal.REQUEST_RATE), 1e-12);
    }

    @Test
    void aRestartGivesNoRatesAndTheScrapeAfterItDoes() {
        PressureTracker tracker = new PressureTracker();
        tracker.scraped(T0, requests(1, 100));
        PressureReading restarted = tracker.scraped(T0.plusSeconds(15), requests(2, 10));
        PressureReading next = tracker.scraped(T0.plusSeconds(30), requests(2, 40));

        assertFalse(restarted.signals().hasRates());
        assertEquals(2.0, next.signals().value(Signal.REQUEST_RATE), 1e-12);
    }

    @Test
    void aCounterThatWentDownWithoutARestartMarkIsAReset() {
        PressureTracker tracker = new PressureTracker();
        tracker.scraped(T0, MetricsText.startedAt(Double.NaN).counter(ApiServerMetrics.REQUESTS, 100, "verb", "GET").parse());
        PressureReading next = tracker.scraped(T0.plusSeconds(10),
                MetricsText.startedAt(Double.NaN).counter(ApiServerMetrics.REQUESTS, 20, "verb", "GET").parse());

        assertEquals(2.0, next.signals().value(Signal.REQUEST_RATE), 1e-12);
    }

    @Test
    void aHealthAnswerJudgesTheLatestReadingAgain() throws Exception {
        PressureTracker tracker = new PressureTracker();
        tracker.scraped(T0, requests(1, 100));
        tracker.healthChecked(HealthReport.parse("[+]ping ok\n[-]etcd failed: reason withheld\nreadyz check failed\n"));

        assertEquals(Level.RED, tracker.latest().assessment().level());
        assertEquals("API server not ready: etcd failed", tracker.latest().assessment().headline());

        tracker.healthChecked(HealthReport.parse("[+]ping ok\n[+]etcd ok\nreadyz check passed\n"));
        assertEquals(Level.OK, tracker.latest().assessment().level());
    }
}
