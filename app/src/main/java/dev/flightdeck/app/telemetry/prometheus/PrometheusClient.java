package dev.flightdeck.app.telemetry.prometheus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of Prometheus's HTTP API the console uses: instant queries ({@code /api/v1/query}) whose answer is a
 * vector. A query longer than {@link #LONGEST_GET} characters is sent as a form (POST), as Prometheus's own UI does,
 * since proxies in front of a Prometheus often cap a URL at 4 to 8 KB. Prometheus is also told the deadline, so it
 * stops a query the console has given up on.
 */
public final class PrometheusClient {

    static final int LONGEST_GET = 2000;

    private final PrometheusTransport transport;
    private final Duration timeout;
    /** Queries of one refresh run at once ({@link QueriesInFlight}): each adds its answer's bytes. */
    private final java.util.concurrent.atomic.AtomicLong bytesRead = new java.util.concurrent.atomic.AtomicLong();

    PrometheusClient(PrometheusTransport transport, Duration timeout) {
        this.transport = transport;
        this.timeout = timeout;
    }

    /** Where it asks, in words. */
    /** Whether its requests go through the API server's service proxy (not to a Prometheus reached directly). */
    public boolean throughApiServer() {
        return transport instanceof ServiceProxyTransport;
    }

    public String describe() {
        return transport.describe();
    }

    /**
     * The vector {@code promql} evaluates to at {@code time} (null: the server's now, which is right even when this
     * machine's clock is off).
     *
     * @throws PrometheusQueryError Prometheus refused the query, in its words
     * @throws IOException          no usable answer (not reachable, refused us, not a Prometheus), in one line
     */
    public List<PromSample> query(String promql, Instant time) throws IOException, PrometheusQueryError {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("query", promql);
        if (time != null) {
            params.put("time", time.getEpochSecond() + "." + String.format("%03d", time.getNano() / 1_000_000));
        }
        params.put("timeout", Math.max(1, timeout.toSeconds() - 1) + "s");
        PrometheusTransport.Answer a = promql.length() > LONGEST_GET
                ? transport.postForm("api/v1/query", params) : transport.get("api/v1/query", params);
        bytesRead.addAndGet(a.body().length);
        try {
            return VectorAnswer.read(a.body());
        } catch (IOException notPrometheus) {
            if (a.code() < 200 || a.code() > 299) {
                throw new IOException("HTTP " + a.code() + whatItSaid(a.body()), notPrometheus);
            }
            throw notPrometheus;
        }
    }

    /**
     * The server's version as its build info says ({@code 2.42.0}), or null when it does not say: a Prometheus before
     * 2.14, or another server that speaks the query API (Thanos, VictoriaMetrics) without that endpoint.
     */
    public String version() {
        try {
            PrometheusTransport.Answer a = transport.get("api/v1/status/buildinfo", Map.of());
            if (a.code() != 200) {
                return null;
            }
            com.fasterxml.jackson.databind.JsonNode v = new com.fasterxml.jackson.databind.ObjectMapper().readTree(a.body())
                    .path("data").path("version");
            return v.isTextual() && !v.asText().isBlank() ? PrometheusQueryError.oneLine(v.asText()) : null;
        } catch (IOException e) {
            return null; // the queries say what is wrong with the server; its version is only a nicety
        }
    }

    /** Bytes of answers read so far (for the benchmark and the status line). */
    public long bytesRead() {
        return bytesRead.get();
    }

    /** The first line of a body that is not Prometheus's JSON (a proxy's page, a 401's text). */
    private static String whatItSaid(byte[] body) {
        String first = new String(body, 0, Math.min(body.length, 400), StandardCharsets.UTF_8).strip().lines()
                .findFirst().orElse("");
        if (first.startsWith("<")) {
            return ""; // an HTML page: its markup says nothing in one line
        }
        return first.isEmpty() ? "" : ": " + PrometheusQueryError.oneLine(first);
    }
}
