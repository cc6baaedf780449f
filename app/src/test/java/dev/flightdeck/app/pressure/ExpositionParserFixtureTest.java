package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The parser against the two real /metrics captures; the expected values were read off the files with grep. */
class ExpositionParserFixtureTest {

    private static double value(Exposition exposition, String family, String sampleName, Labels labels) {
        return exposition.samples(family).stream()
                .filter(s -> s.name().equals(sampleName) && s.labels().equals(labels))
                .mapToDouble(Sample::value).findFirst()
                .orElseThrow(() -> new AssertionError("no " + sampleName + labels));
    }

    @Test
    void readsTheApfRejectionsOfTheFloodedServer() throws Exception {
        Exposition metrics = ExpositionParser.parse(Fixtures.bytes(Fixtures.METRICS_APF_429), FamilyFilter.ALL);

        String rejected = "apiserver_flowcontrol_rejected_requests_total";
        assertEquals(MetricType.COUNTER, metrics.family(rejected).type());
        assertEquals(64, value(metrics, rejected, rejected,
                Labels.of("flow_schema", "service-accounts", "priority_level", "workload-low", "reason", "time-out")));
        assertEquals(64, value(metrics, "apiserver_request_total", "apiserver_request_total",
                Labels.of("code", "429", "component", "apiserver", "dry_run", "", "group", "", "resource", "pods",
                        "scope", "cluster", "subresource", "", "system_client", "", "verb", "LIST", "version", "v1")));
        String wait = "apiserver_flowcontrol_request_wait_duration_seconds";
        assertEquals(MetricType.HISTOGRAM, metrics.family(wait).type());
        assertEquals(680, value(metrics, wait, wait + "_bucket", Labels.of("execute", "true",
                "flow_schema", "service-accounts", "priority_level", "workload-low", "le", "0.5")));
        assertEquals(9111, metrics.lines());
        assertEquals(252, metrics.families().stream().filter(f -> f.type() != MetricType.UNTYPED).count());
    }

    @Test
    void readsHistogramsSummariesAndSpecialValuesOfTheQuietServer() throws Exception {
        Exposition metrics = ExpositionParser.parse(Fixtures.bytes(Fixtures.METRICS), FamilyFilter.ALL);

        String duration = "apiserver_request_duration_seconds";
        Labels podsList = Labels.of("component", "apiserver", "dry_run", "", "group", "", "resource", "pods",
                "scope", "namespace", "subresource", "", "verb", "LIST", "version", "v1");
        assertEquals(0.005862738, value(metrics, duration, duration + "_sum", podsList));
        assertEquals(3, value(metrics, duration, duration + "_count", podsList));
        assertEquals(3, value(metrics, duration, duration + "_bucket", Labels.of("component", "apiserver", "dry_run", "",
                "group", "", "resource", "pods", "scope", "namespace", "subresource", "", "verb", "LIST", "version", "v1", "le", "+Inf")));
        assertEquals(0.007193140999999999, value(metrics, duration, duration + "_sum", Labels.of("component", "", "dry_run", "",
                "group", "", "resource", "", "scope", "", "subresource", "/readyz", "verb", "GET", "version", "")));

        String summary = "apiserver_admission_step_admission_duration_seconds_summary";
        assertEquals(MetricType.SUMMARY, metrics.family(summary).type());
        assertEquals(0.000891229, value(metrics, summary, summary,
                Labels.of("operation", "CREATE", "rejected", "false", "type", "admit", "quantile", "0.99")));
        assertEquals(0.059602333000000014, value(metrics, summary, summary + "_sum",
                Labels.of("operation", "CREATE", "rejected", "false", "type", "admit")));

        assertEquals(Double.POSITIVE_INFINITY, value(metrics, "rest_client_exec_plugin_ttl_seconds",
                "rest_client_exec_plugin_ttl_seconds", Labels.EMPTY));
        assertEquals(4.7940865653e+10, value(metrics, "apiserver_flowcontrol_demand_seats", "apiserver_flowcontrol_demand_seats_bucket",
                Labels.of("priority_level", "system", "le", "6")));
        assertEquals(1.79531752218e+09, value(metrics, "process_start_time_seconds", "process_start_time_seconds", Labels.EMPTY));
        assertEquals("$Format:%H$", metrics.samples("kubernetes_build_info").getFirst().labels().get("git_commit"));
        assertTrue(metrics.family("apiserver_request_total").help().startsWith("[STABLE] Counter of apiserver requests"));
        assertFalse(metrics.samples("apiserver_request_total").getFirst().hasTimestamp());
        assertEquals(16992, metrics.lines());
    }

    @Test
    void aFilteredParseKeepsExactlyTheWantedFamiliesWithTheSameSamples() throws Exception {
        for (String fixture : new String[] {Fixtures.METRICS, Fixtures.METRICS_APF_429}) {
            byte[] body = Fixtures.bytes(fixture);
            Exposition all = ExpositionParser.parse(body, FamilyFilter.ALL);
            Exposition some = ExpositionParser.parse(body, ApiServerMetrics.FILTER);

            for (MetricFamily family : all.families()) {
                if (ApiServerMetrics.FILTER.wants(family.name())) {
                    assertEquals(family, some.family(family.name()), fixture + " " + family.name());
                } else {
                    assertNull(some.family(family.name()), fixture + " " + family.name());
                }
            }
            assertTrue(some.has(ApiServerMetrics.REQUESTS) && some.has(ApiServerMetrics.ETCD_DURATION), fixture);
        }
    }

    @Test
    void aStreamReadInDribsGivesTheSameResultAsTheArray() throws Exception {
        byte[] body = Fixtures.bytes(Fixtures.METRICS_APF_429);
        InputStream dribbling = new FilterInputStream(new ByteArrayInputStream(body)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, 7)); // lines end mid-read, the buffer compacts often
            }
        };
        Exposition streamed = ExpositionParser.parse(dribbling, FamilyFilter.ALL);
        Exposition whole = ExpositionParser.parse(body, FamilyFilter.ALL);

        assertEquals(whole.families(), streamed.families());
        assertEquals(whole.lines(), streamed.lines());
    }
}
