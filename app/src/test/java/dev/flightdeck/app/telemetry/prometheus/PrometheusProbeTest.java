package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.StringJoiner;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The settings dialog's Test read, against a stand-in: what it found, or what went wrong, in one line. */
class PrometheusProbeTest {

    private static final Duration WINDOW = Duration.ofMinutes(10);
    private static final String BUILD_INFO = """
            {"status":"success","data":{"version":"2.42.0","revision":"225c61122d88b01d1f0eaaee0e05b6f3e0567ac0",\
            "branch":"HEAD","goVersion":"go1.19.5"}}""";
    private static final String EMPTY = "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}";

    @TempDir
    Path dir;

    /** {@code nodes} hosts × 8 GPUs, each at 42%, in every query's answer. */
    static String fleet(int nodes) {
        StringJoiner result = new StringJoiner(",", "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[",
                "]}}");
        for (int n = 0; n < nodes; n++) {
            for (int g = 0; g < 8; g++) {
                result.add("{\"metric\":{\"gpu\":\"" + g + "\",\"UUID\":\"GPU-" + n + "-" + g + "\",\"Hostname\":\"dgx-" + n
                        + "\",\"modelName\":\"NVIDIA H100 80GB HBM3\"},\"value\":[1700000000.5,\"42\"]}");
            }
        }
        return result.toString();
    }

    private static PrometheusStandIn prometheus(String buildInfo, String vector) throws Exception {
        // The build info is asked with no query; every query gets the same vector.
        return new PrometheusStandIn(q -> q.isEmpty()
                ? buildInfo == null ? PrometheusStandIn.Reply.json(404, "404 page not found")
                : PrometheusStandIn.Reply.json(200, buildInfo) : PrometheusStandIn.Reply.json(200, vector));
    }

    private static PrometheusProbe.Result probe(PrometheusSettings s) {
        return PrometheusProbe.once(s, null, GpuLabelMapping.withoutCluster(), WINDOW);
    }

    @Test
    void itSaysTheVersionTheUrlAndTheGpusAndNodesFound() throws Exception {
        try (PrometheusStandIn prom = prometheus(BUILD_INFO, fleet(128))) {
            assertEquals(new PrometheusProbe.Result(true, "Prometheus 2.42.0 at " + prom.url() + ": 1,024 GPUs on 128 nodes"),
                    probe(PrometheusSettings.of(prom.url())));
        }
    }

    @Test
    void aServerWithoutBuildInfoIsStillRead() throws Exception {
        try (PrometheusStandIn prom = prometheus(null, fleet(1))) {
            assertEquals(new PrometheusProbe.Result(true, "Prometheus at " + prom.url() + ": 8 GPUs on 1 node"),
                    probe(PrometheusSettings.of(prom.url())));
        }
    }

    @Test
    void aPrometheusWithoutDcgmSeriesSaysSo() throws Exception {
        try (PrometheusStandIn prom = prometheus(BUILD_INFO, EMPTY)) {
            assertEquals(new PrometheusProbe.Result(false, "Prometheus 2.42.0 at " + prom.url() + ": no GPUs; no "
                    + "dcgm-exporter series (DCGM_FI_DEV_GPU_UTIL) in Prometheus at " + prom.url() + " (settings): is "
                    + "dcgm-exporter running and scraped?"), probe(PrometheusSettings.of(prom.url())));
        }
    }

    @Test
    void aRefusedPortAndAMissingTokenFileAreOneLine() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        URI url = URI.create("http://127.0.0.1:" + closed);
        assertEquals(new PrometheusProbe.Result(false, "Prometheus at " + url + " (settings): connection refused: is it "
                + "up, and is the URL's port right?"), probe(PrometheusSettings.of(url)));
        try (PrometheusStandIn prom = prometheus(BUILD_INFO, fleet(1))) {
            Path token = dir.resolve("prom.token");
            assertEquals(new PrometheusProbe.Result(false, "Prometheus at " + prom.url() + " (settings; bearer token from "
                    + token + "): the Prometheus bearer token file " + token + " does not exist"),
                    probe(new PrometheusSettings(prom.url(), token, null, null, null, false)));
        }
    }

    @Test
    void withoutAUrlOrAConnectionThereIsNowhereToLook() {
        assertEquals(new PrometheusProbe.Result(false, "no connection to this cluster to look for a Prometheus through: "
                + "enter its URL, or connect first"), probe(null));
    }
}
