package dev.flightdeck.app.pressure;

import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.sandbox.metrics.Episode;
import dev.flightdeck.sandbox.metrics.SandboxPressure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The session's scraper against the sandbox's simulated /metrics, /readyz and /livez over real
 * HTTP: a quiet server reads healthy, a simulated APF storm turns the headline red naming the
 * priority level, a simulated failing readyz check leads the headline, a simulated 403 names
 * the missing permission while the watches keep working, and a simulated truncated body is one
 * failed scrape (a gap), not a poisoned series.
 */
class PressureScraperSandboxTest {

    private static SandboxSession sandbox;
    private static PressureScraper scraper;
    private static SandboxPressure simulated;

    @BeforeAll
    static void open() throws Exception {
        sandbox = SandboxSession.open(16);
        scraper = sandbox.session.pressure();
        simulated = sandbox.sandbox.pressure();
    }

    @AfterAll
    static void close() {
        sandbox.close();
    }

    @AfterEach
    void calm() {
        simulated.stopAll();
        simulated.simulateForbiddenMetrics(false);
    }

    /** Two scrapes 15 simulated seconds apart, so the second has rates over the episode alone. */
    private static PressureReading scrapeAcross15s() throws InterruptedException {
        scraper.scrapeNow();
        simulated.time().advance(Duration.ofSeconds(15));
        return scraper.scrapeNow();
    }

    @Test
    void aQuietServerReadsHealthyWithRates() throws Exception {
        PressureReading r = scrapeAcross15s();
        assertFalse(r.failed(), r.failure());
        assertTrue(r.signals().hasRates());
        double rps = r.signals().value(Signal.REQUEST_RATE);
        assertTrue(rps > 100 && rps < 1000, "a few hundred requests per second: " + rps);
        assertEquals(Level.OK, r.assessment().level(), r.assessment().headline());
        assertTrue(r.assessment().headline().startsWith("API server healthy: "), r.assessment().headline());
        assertTrue(scraper.readyz().passed());
        assertTrue(scraper.livez().passed());
        assertNull(scraper.sheddingLoad(), "a quiet server sheds no load: GPU telemetry is read through it");
    }

    @Test
    void anApfStormTurnsTheHeadlineRedAndNamesThePriorityLevel() throws Exception {
        scraper.scrapeNow();
        simulated.start(Episode.APF_429_STORM);
        PressureReading r = scrapeAcross15s();
        assertEquals(Level.RED, r.assessment().level());
        assertTrue(r.assessment().headline().startsWith("API server under pressure: "), r.assessment().headline());
        assertTrue(r.assessment().headline().contains("rejected by APF in workload-low"), r.assessment().headline());
        double share = r.signals().value(Signal.THROTTLED_SHARE);
        assertTrue(share > 4 && share < 12, "429 share " + share);
        String shedding = scraper.sheddingLoad();
        assertTrue(shedding != null && shedding.contains("rejected by APF in workload-low"),
                "GPU telemetry through the API server is put off: " + shedding);
        simulated.time().advance(Duration.ofSeconds(31));
        assertNull(scraper.sheddingLoad(), "a reading two intervals old says nothing of now");
    }

    @Test
    void aFailingReadyzCheckLeadsTheHeadline() throws Exception {
        simulated.start(Episode.READYZ_FAILING);
        PressureReading r = scrapeAcross15s();
        assertFalse(scraper.readyz().passed());
        assertEquals("etcd", scraper.readyz().failures().getFirst().name());
        assertTrue(r.assessment().headline().startsWith("API server not ready: "), r.assessment().headline());
        assertTrue(r.assessment().headline().contains("etcd"), r.assessment().headline());
    }

    @Test
    void aForbiddenMetricsEndpointNamesThePermissionAndTheWatchesKeepWorking() throws Exception {
        simulated.simulateForbiddenMetrics(true);
        PressureReading r = scraper.scrapeNow();
        assertTrue(r.failed());
        assertTrue(r.failure().startsWith("no permission to read /metrics: it needs nonResourceURLs: [\"/metrics\"], "
                + "verbs: [\"get\"] — e.g. bind the built-in ClusterRole system:monitoring"), r.failure());
        assertEquals(16, sandbox.session.model().snapshot().summary().gpuNodes(), "nodes still read");
    }

    @Test
    void aTruncatedBodyIsOneGapAndTheNextScrapeIsFine() throws Exception {
        scraper.scrapeNow();
        simulated.simulateTruncatedMetricsOnce();
        simulated.time().advance(Duration.ofSeconds(15));
        PressureReading bad = scraper.scrapeNow();
        assertTrue(bad.failed());
        assertTrue(bad.failure().matches(".*line \\d+: .*"), bad.failure());
        PressureReading good = scrapeAcross15s();
        assertFalse(good.failed());
        assertTrue(scraper.tracker().history().snapshot().points().stream().anyMatch(HistoryPoint::isGap));
    }
}
