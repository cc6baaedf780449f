package dev.flightdeck.app.telemetry.prometheus;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How requests reach a Prometheus's HTTP API: straight to its URL ({@link DirectTransport}) or through the API
 * server's service proxy ({@link ServiceProxyTransport}). Both bound what they read: a byte cap on the answer and a
 * deadline on the whole exchange, so one runaway query cannot hold the console.
 */
interface PrometheusTransport {

    /** The largest answer read (a vector of every GPU of a 7,500-node fleet is about 30 MB). */
    int MAX_ANSWER_BYTES = 256 << 20;

    /** An answer with any HTTP status: the client reads Prometheus's own error body. */
    record Answer(int code, byte[] body) {
    }

    /**
     * GET {@code path} (under the API root, such as {@code api/v1/query}) with {@code params} as its query.
     *
     * @throws IOException no answer (refused, timed out, too large), in one line
     */
    Answer get(String path, Map<String, String> params) throws IOException;

    /** POST {@code params} as a form (application/x-www-form-urlencoded): for a query too long for a URL. */
    Answer postForm(String path, Map<String, String> params) throws IOException;

    /** Where the requests go, in words ("https://prom.lab", "prometheus-operated in monitoring, through …"). */
    String describe();

    /** {@code k=v&k2=v2}, each part encoded. */
    static String form(Map<String, String> params) {
        return params.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }
}
