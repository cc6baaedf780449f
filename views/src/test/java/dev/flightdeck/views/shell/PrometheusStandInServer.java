package dev.flightdeck.views.shell;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A tiny stand-in for a Prometheus 2.42 on loopback (the real-Prometheus harness lives in the app module's tests):
 * its build info, and for every instant query the same vector, {@code hosts} × 8 GPUs at 42%. It remembers the
 * Authorization header of each request.
 */
final class PrometheusStandInServer implements AutoCloseable {

    private static final String BUILD_INFO = "{\"status\":\"success\",\"data\":{\"version\":\"2.42.0\",\"branch\":\"HEAD\"}}";

    private final HttpServer server;
    private final byte[] vector;
    final List<String> authorizations = new CopyOnWriteArrayList<>();

    PrometheusStandInServer(int hosts) throws IOException {
        vector = vector(hosts).getBytes(StandardCharsets.UTF_8);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/v1/status/buildinfo", ex -> answer(ex, BUILD_INFO.getBytes(StandardCharsets.UTF_8)));
        server.createContext("/api/v1/query", ex -> answer(ex, vector));
        server.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void answer(HttpExchange ex, byte[] body) throws IOException {
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        authorizations.add(auth == null ? "" : auth);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(200, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private static String vector(int hosts) {
        StringJoiner result = new StringJoiner(",", "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[",
                "]}}");
        for (int n = 0; n < hosts; n++) {
            for (int g = 0; g < 8; g++) {
                result.add("{\"metric\":{\"gpu\":\"" + g + "\",\"UUID\":\"GPU-" + n + "-" + g + "\",\"Hostname\":\"dgx-"
                        + n + "\",\"modelName\":\"NVIDIA H100 80GB HBM3\"},\"value\":[1700000000.5,\"42\"]}");
            }
        }
        return result.toString();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
