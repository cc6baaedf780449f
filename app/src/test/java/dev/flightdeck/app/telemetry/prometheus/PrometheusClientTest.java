package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.secrets.Redaction;
import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.testkit.TestSecrets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Prometheus API client against a stand-in: credentials sent, GET or form, errors and caps in one line. */
class PrometheusClientTest {

    private static final String TOKEN = TestSecrets.remember("prom-" + "bearer-7f3c9a1e5d2b4c6a");
    private static final String PASSWORD = TestSecrets.remember("prom-" + "password-0e8d6c4b2a");

    @TempDir
    Path dir;

    private static PrometheusClient client(PrometheusSettings s) throws IOException {
        return new PrometheusClient(new DirectTransport(s, Duration.ofSeconds(10), 1 << 20), Duration.ofSeconds(10));
    }

    @Test
    void aBearerTokenFromItsFileIsSentAndKeptOutOfEverythingThatLeaves() throws Exception {
        Path token = Files.writeString(dir.resolve("prom.token"), TOKEN + "\n");
        try (PrometheusStandIn prom = new PrometheusStandIn(q -> PrometheusStandIn.Reply.json(200, PrometheusStandIn.ONE_GPU))) {
            PrometheusSettings s = new PrometheusSettings(prom.url(), token, null, null, null, false);
            List<PromSample> v = client(s).query("DCGM_FI_DEV_GPU_UTIL", null);
            assertEquals(List.of(new PromSample(java.util.Map.of("gpu", "0", "UUID", "GPU-1", "Hostname", "dgx-raw-0",
                    "modelName", "NVIDIA H100 80GB HBM3"), 42)), v);
            PrometheusStandIn.Request r = prom.requests.getFirst();
            assertEquals("Bearer " + TOKEN, r.authorization());
            assertEquals("/prom/api/v1/query", r.path(), "under the URL's own path prefix");
            assertFalse(Redaction.text("sent Authorization to prom: " + TOKEN).contains(TOKEN), "registered as a secret");
            assertFalse(client(s).describe().contains(TOKEN));
        }
    }

    @Test
    void basicAuthIsSentFromTheUserAndThePasswordFile() throws Exception {
        Path password = Files.writeString(dir.resolve("prom.password"), PASSWORD);
        try (PrometheusStandIn prom = new PrometheusStandIn(q -> PrometheusStandIn.Reply.json(200, PrometheusStandIn.ONE_GPU))) {
            client(new PrometheusSettings(prom.url(), null, "grafana", password, null, false)).query("up", null);
            String basic = Base64.getEncoder().encodeToString(("grafana:" + PASSWORD).getBytes(StandardCharsets.UTF_8));
            assertEquals("Basic " + basic, prom.requests.getFirst().authorization());
            assertFalse(Redaction.text("header " + basic).contains(basic), "the header's own form is a secret too");
        }
    }

    @Test
    void aMissingTokenFileIsOneLineNamingIt() throws Exception {
        Path missing = dir.resolve("gone.token");
        try (PrometheusStandIn prom = new PrometheusStandIn(q -> PrometheusStandIn.Reply.json(200, PrometheusStandIn.ONE_GPU))) {
            IOException e = assertThrows(IOException.class, () -> client(new PrometheusSettings(prom.url(), missing, null,
                    null, null, false)).query("up", null));
            assertEquals("the Prometheus bearer token file " + missing + " does not exist", e.getMessage());
            assertTrue(prom.requests.isEmpty(), "nothing sent without the credential");
        }
    }

    @Test
    void aLongQueryGoesAsAFormAndAShortOneAsGet() throws Exception {
        try (PrometheusStandIn prom = new PrometheusStandIn(q -> PrometheusStandIn.Reply.json(200, PrometheusStandIn.ONE_GPU))) {
            PrometheusClient c = client(PrometheusSettings.of(prom.url()));
            c.query("up", null);
            String longQuery = "up{job=~\"" + "a|".repeat(1200) + "b\"}";
            c.query(longQuery, null);
            assertEquals("GET", prom.requests.get(0).method());
            assertEquals("POST", prom.requests.get(1).method());
            assertEquals("application/x-www-form-urlencoded", prom.requests.get(1).contentType());
            assertEquals(longQuery, prom.requests.get(1).query());
        }
    }

    @Test
    void prometheusErrorsAndForeignAnswersAreOneLine() throws Exception {
        try (PrometheusStandIn prom = new PrometheusStandIn(q -> switch (q) {
            case "bad(" -> PrometheusStandIn.Reply.json(400, "{\"status\":\"error\",\"errorType\":\"bad_data\","
                    + "\"error\":\"1:5: parse error: unclosed left parenthesis\\nat the end\"}");
            case "locked" -> new PrometheusStandIn.Reply(401, "text/plain", "Unauthorized\nmore".getBytes(StandardCharsets.UTF_8));
            case "html" -> new PrometheusStandIn.Reply(502, "text/html", "<html><body>Bad Gateway</body></html>".getBytes());
            case "huge" -> new PrometheusStandIn.Reply(200, "application/json", new byte[(1 << 20) + 10]);
            default -> PrometheusStandIn.Reply.json(200, "{\"status\":\"success\",\"data\":{\"resultType\":\"scalar\","
                    + "\"result\":[1,\"1\"]}}");
        })) {
            PrometheusClient c = client(PrometheusSettings.of(prom.url()));
            assertEquals("bad_data: 1:5: parse error: unclosed left parenthesis at the end",
                    assertThrows(PrometheusQueryError.class, () -> c.query("bad(", null)).getMessage());
            assertEquals("HTTP 401: Unauthorized", assertThrows(IOException.class, () -> c.query("locked", null)).getMessage());
            assertEquals("HTTP 502", assertThrows(IOException.class, () -> c.query("html", null)).getMessage());
            assertEquals("the answer is larger than 1 MB; not read",
                    assertThrows(IOException.class, () -> c.query("huge", null)).getMessage());
            assertEquals("the answer is a scalar, not an instant vector",
                    assertThrows(IOException.class, () -> c.query("1", null)).getMessage());
        }
    }

    @Test
    void aRefusedQueryIsAProblemOfTheFrameAndTheOtherSignalsStillRead() throws Exception {
        try (PrometheusStandIn prom = new PrometheusStandIn(q -> q.contains(DcgmField.GPU_TEMP.metric())
                ? PrometheusStandIn.Reply.json(503, "{\"status\":\"error\",\"errorType\":\"timeout\",\"error\":\"query timed out\"}")
                : q.contains(DcgmField.GPU_UTIL.metric()) && !q.contains("max_over_time")
                ? PrometheusStandIn.Reply.json(200, PrometheusStandIn.ONE_GPU)
                : PrometheusStandIn.Reply.json(200, "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}"))) {
            PrometheusSource s = new PrometheusSource(client(PrometheusSettings.of(prom.url())), TestFleet.mapping(),
                    Clock.systemUTC(), false);
            TelemetryFrame f = s.read(Duration.ofMinutes(10));
            assertEquals(List.of("DCGM_FI_DEV_GPU_TEMP: timeout: query timed out"), f.problems());
            assertEquals(42, f.gpus().getFirst().value(DcgmField.GPU_UTIL));
            assertEquals(19, prom.requests.size(), "one query per signal: 16 fields, two window maxima, the Xid changes");
        }
    }

    @Test
    void insecureSkipTlsVerifyIsSaidWhereverTheSourceIsNamed() throws Exception {
        PrometheusSettings s = new PrometheusSettings(URI.create("https://prom.lab:9091"), null, null, null, null, true);
        assertEquals("Prometheus at https://prom.lab:9091 (settings; TLS NOT VERIFIED: insecureSkipTlsVerify is set)",
                client(s).describe());
    }
}
