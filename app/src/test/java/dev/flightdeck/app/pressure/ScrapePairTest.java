package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Counter increases between two scrapes 15 s apart: normal, reset, new series, and no earlier scrape. */
class ScrapePairTest {

    private static final String C = ApiServerMetrics.REQUESTS;
    private static final Duration FIFTEEN_SECONDS = Duration.ofSeconds(15);

    private final Exposition before = MetricsText.startedAt(1000)
            .counter(C, 10, "verb", "GET", "code", "200")
            .counter(C, 100, "verb", "LIST", "code", "200")
            .parse();
    private final Exposition after = MetricsText.startedAt(1000)
            .counter(C, 25, "verb", "GET", "code", "200")   // +15
            .counter(C, 30, "verb", "LIST", "code", "200")  // went down: restarted from 0, so +30
            .counter(C, 15, "verb", "LIST", "code", "429")  // new series: made at its first increment, +15
            .parse();

    @Test
    void ratesCountResetsAndNewSeriesInFull() {
        ScrapePair pair = new ScrapePair(before, after, FIFTEEN_SECONDS);

        Map<String, Double> byVerb = pair.ratesBy(C, labels -> true, labels -> labels.get("verb"));
        assertEquals(1.0, byVerb.get("GET"), 1e-12);
        assertEquals(3.0, byVerb.get("LIST"), 1e-12);
        assertEquals(1.0, pair.rate(C, RequestKinds::isThrottled), 1e-12);
        assertEquals(0.0, pair.rate("absent_total", labels -> true));
    }

    @Test
    void withoutAnEarlierScrapeEveryRateIsUnknownNotZero() {
        ScrapePair first = new ScrapePair(null, after, FIFTEEN_SECONDS);

        assertTrue(first.ratesBy(C, labels -> true, labels -> labels).isEmpty());
        assertTrue(Double.isNaN(first.rate(C, labels -> true)));
        assertEquals(null, first.window());
    }

    @Test
    void histogramIncreasesAreSummedByKey() {
        String h = ApiServerMetrics.REQUEST_DURATION;
        double[] bounds = {0.1, 1};
        Exposition early = MetricsText.startedAt(1).histogram(h, bounds, new double[] {5, 10}, "verb", "GET", "resource", "pods")
                .histogram(h, bounds, new double[] {0, 0}, "verb", "GET", "resource", "nodes").parse();
        Exposition late = MetricsText.startedAt(1).histogram(h, bounds, new double[] {15, 30}, "verb", "GET", "resource", "pods")
                .histogram(h, bounds, new double[] {10, 10}, "verb", "GET", "resource", "nodes").parse();

        Buckets get = new ScrapePair(early, late, FIFTEEN_SECONDS).increasesBy(h, labels -> true, labels -> labels.get("verb")).get("GET");
        // pods +10 below 0.1 and +10 between 0.1 and 1; nodes +10 below 0.1: 20 of 30 below 0.1 s
        assertEquals(30, get.count());
        assertEquals(0.1 * 15 / 20, get.quantile(0.5), 1e-12);
    }
}
