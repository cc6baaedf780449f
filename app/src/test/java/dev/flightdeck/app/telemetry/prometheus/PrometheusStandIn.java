package dev.flightdeck.app.telemetry.prometheus;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A stand-in for a Prometheus's HTTP API on loopback, for what a real one cannot show on demand: the headers it was
 * sent, a POSTed form, an error status or a body of any size. It records each request and answers with what the
 * test's function gives for the query.
 */
final class PrometheusStandIn implements AutoCloseable {

    record Request(String method, String path, String query, String authorization, String contentType) {
    }

    record Reply(int code, String contentType, byte[] body) {
        static Reply json(int code, String json) {
            return new Reply(code, "application/json", json.getBytes(StandardCharsets.UTF_8));
        }
    }

    static final String ONE_GPU = """
            {"status":"success","data":{"resultType":"vector","result":[{"metric":{"gpu":"0","UUID":"GPU-1",\
            "Hostname":"dgx-raw-0","modelName":"NVIDIA H100 80GB HBM3"},"value":[1700000000.5,"42"]}]}}""";

    private final HttpServer server;
    final List<Request> requests = new CopyOnWriteArrayList<>();

    PrometheusStandIn(Function<String, Reply> answer) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> handle(ex, answer));
        server.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/prom");
    }

    private void handle(HttpExchange ex, Function<String, Reply> answer) throws IOException {
        String form = ex.getRequestMethod().equals("POST")
                ? new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8) : ex.getRequestURI().getRawQuery();
        String query = "";
        for (String kv : form == null ? new String[0] : form.split("&")) {
            if (kv.startsWith("query=")) {
                query = URLDecoder.decode(kv.substring(6), StandardCharsets.UTF_8);
            }
        }
        requests.add(new Request(ex.getRequestMethod(), ex.getRequestURI().getPath(), query,
                ex.getRequestHeaders().getFirst("Authorization"), ex.getRequestHeaders().getFirst("Content-Type")));
        Reply r = answer.apply(query);
        ex.getResponseHeaders().set("Content-Type", r.contentType());
        ex.sendResponseHeaders(r.code(), r.body().length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(r.body());
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
