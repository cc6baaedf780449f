package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Headline wording and which finding leads it. Each case is two scrapes 15 s apart. */
class PressureAssessorTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final String REQUESTS = ApiServerMetrics.REQUESTS;
    private static final double[] LATENCY_BOUNDS = {0.05, 0.1, 1};

    private final PressureAssessor assessor = new PressureAssessor(PressureThresholds.DEFAULTS);

    private static PressureSignals between(MetricsText before, MetricsText after) {
        ScrapePair pair = new ScrapePair(before.parse(), after.parse(), Duration.ofSeconds(15));
        return PressureSignals.derive(T0.plusSeconds(15), pair, "");
    }

    private String headline(MetricsText before, MetricsText after, HealthReport... health) {
        return assessor.assess(between(before, after), List.of(health)).headline();
    }

    @Test
    void healthyNamesTheRateAndTheP99() {
        MetricsText before = MetricsText.startedAt(1)
                .counter(REQUESTS, 1000, "verb", "GET", "code", "200", "resource", "pods")
                .histogram(ApiServerMetrics.REQUEST_DURATION, LATENCY_BOUNDS, new double[] {0, 0, 0}, "verb", "GET");
        MetricsText after = MetricsText.startedAt(1)
                .counter(REQUESTS, 1000 + 312 * 15, "verb", "GET", "code", "200", "resource", "pods")
                .histogram(ApiServerMetrics.REQUEST_DURATION, LATENCY_BOUNDS, new double[] {90, 100, 100}, "verb", "GET");

        // p99: rank 99 of 100 lies in (0.05, 0.1] where 10 fell: 0.05 + 0.05 * 9/10
        assertEquals("API server healthy: 312 req/s, p99 95 ms", headline(before, after));
    }

    @Test
    void apfRejectionsNameTheirPriorityLevelAndReason() {
        MetricsText before = MetricsText.startedAt(1)
                .counter(ApiServerMetrics.APF_DISPATCHED, 0, "priority_level", "workload-low", "flow_schema", "service-accounts");
        MetricsText after = MetricsText.startedAt(1)
                .counter(ApiServerMetrics.APF_REJECTED, 40, "priority_level", "workload-low", "flow_schema", "service-accounts", "reason", "time-out")
                .counter(ApiServerMetrics.APF_REJECTED, 2, "priority_level", "workload-low", "flow_schema", "service-accounts", "reason", "queue-full")
                .counter(ApiServerMetrics.APF_DISPATCHED, 958, "priority_level", "workload-low", "flow_schema", "service-accounts")
                .counter(ApiServerMetrics.APF_DISPATCHED, 500, "priority_level", "global-default", "flow_schema", "global-default");

        PressureAssessment assessment = assessor.assess(between(before, after), List.of());
        assertEquals(Level.AMBER, assessment.level());
        assertEquals("API server under pressure: 4.2% of requests rejected by APF in workload-low (time-out)", assessment.headline());
    }

    @Test
    void throttlingNamesTheResourceMostHit() {
        MetricsText before = MetricsText.startedAt(1);
        MetricsText after = MetricsText.startedAt(1)
                .counter(REQUESTS, 980, "verb", "GET", "code", "200", "resource", "nodes")
                .counter(REQUESTS, 20, "verb", "POST", "code", "429", "resource", "pods", "subresource", "eviction")
                .counter(REQUESTS, 50, "verb", "GET", "code", "500", "resource", "", "subresource", "/readyz"); // probe: not counted

        assertEquals("API server under pressure: 2.0% of requests answered 429 Too Many Requests (1.3/s), most on pods/eviction",
                headline(before, after));
    }

    @Test
    void theFurthestPastItsBoundLeadsAndTheRestAreCounted() {
        MetricsText before = MetricsText.startedAt(1)
                .histogram(ApiServerMetrics.ETCD_DURATION, new double[] {0.1, 0.5, 5}, new double[] {0, 0, 0}, "operation", "update", "type", "pods")
                .histogram(ApiServerMetrics.ETCD_DURATION, new double[] {0.1, 0.5, 5}, new double[] {0, 0, 0}, "operation", "list", "type", "pods");
        MetricsText after = MetricsText.startedAt(1)
                .counter(REQUESTS, 97, "verb", "PUT", "code", "200", "resource", "pods")
                .counter(REQUESTS, 3, "verb", "PUT", "code", "503", "resource", "pods")
                .histogram(ApiServerMetrics.ETCD_DURATION, new double[] {0.1, 0.5, 5}, new double[] {0, 100, 100}, "operation", "update", "type", "pods")
                .histogram(ApiServerMetrics.ETCD_DURATION, new double[] {0.1, 0.5, 5}, new double[] {0, 0, 100}, "operation", "list", "type", "pods")
                .gauge(ApiServerMetrics.RESOURCE_OBJECTS, 120_000, "group", "", "resource", "events");

        PressureAssessment assessment = assessor.assess(between(before, after), List.of());
        // 5xx 3% is 1.5x its red bound; etcd update p99 0.496 s is 4.96x its amber bound; 120k events 1.2x amber.
        // The LIST's 4.96 s p99 is left out of the etcd signal.
        assertEquals(List.of(Signal.SERVER_ERROR_SHARE, Signal.ETCD_P99, Signal.EVENT_OBJECTS),
                assessment.findings().stream().map(Finding::signal).toList());
        assertEquals("API server under pressure: 3.0% of requests failed with 5xx (0.2/s), most on pods (+2 more)", assessment.headline());
        assertEquals("etcd p99 latency 496 ms for update", assessment.findings().get(1).sentence());
        assertEquals("120k events stored in etcd", assessment.findings().get(2).sentence());
    }

    @Test
    void aFailedReadinessCheckLeadsEverything() throws Exception {
        MetricsText before = MetricsText.startedAt(1);
        MetricsText after = MetricsText.startedAt(1).counter(REQUESTS, 10, "verb", "GET", "code", "500", "resource", "pods");
        HealthReport notReady = HealthReport.parse("[+]ping ok\n[-]etcd failed: reason withheld\n[-]informer-sync failed: reason withheld\nreadyz check failed\n");

        assertEquals("API server not ready: etcd, informer-sync failed (+1 more)", headline(before, after, notReady));
        assertEquals("API server not ready: etcd failed",
                assessor.unavailable("connection refused", List.of(HealthReport.parse("[-]etcd failed: x\nreadyz check failed\n")))
                        .headline().replace(" (+1 more)", ""));
    }

    @Test
    void thresholdsAreInclusiveAndNeverJudgeUnknownValues() {
        Threshold share = new Threshold(1, 5);
        assertEquals(Level.OK, share.levelOf(0.99));
        assertEquals(Level.AMBER, share.levelOf(1));
        assertEquals(Level.RED, share.levelOf(5));
        assertEquals(Level.OK, share.levelOf(Double.NaN));
        Threshold any = Threshold.anyAbove0(5);
        assertEquals(Level.OK, any.levelOf(0));
        assertEquals(Level.AMBER, any.levelOf(1e-9));
        assertEquals(null, PressureThresholds.DEFAULTS.with(Signal.GET_P99, null).of(Signal.GET_P99));
    }
}
