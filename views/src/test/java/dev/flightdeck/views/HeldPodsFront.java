package dev.flightdeck.views;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

/**
 * A plain-HTTP front for a sandbox that passes every request through but holds the pods' LIST after its first page
 * (a request with {@code continue=}) until {@link #release()}: a cluster whose pods are still listing, for as long as
 * a test needs, while nodes, watches and everything else flow. Responses stream through as they come (watches stay
 * open); nothing is parsed.
 */
final class HeldPodsFront implements AutoCloseable {

    private static final List<String> HOP_BY_HOP = List.of("connection", "transfer-encoding", "content-length",
            "keep-alive", "host", "upgrade");

    private final HttpServer server;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String backend;
    private final CountDownLatch released = new CountDownLatch(1);

    HeldPodsFront(String backendUrl) throws IOException {
        this.backend = backendUrl;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::pass);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    void release() {
        released.countDown();
    }

    private void pass(HttpExchange exchange) throws IOException {
        URI uri = exchange.getRequestURI();
        String query = uri.getRawQuery() == null ? "" : uri.getRawQuery();
        try {
            if (uri.getPath().equals("/api/v1/pods") && query.contains("continue=")) {
                released.await();
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(backend + uri.getRawPath()
                    + (query.isEmpty() ? "" : "?" + query)));
            for (Map.Entry<String, List<String>> h : exchange.getRequestHeaders().entrySet()) {
                if (!HOP_BY_HOP.contains(h.getKey().toLowerCase(java.util.Locale.ROOT))) {
                    h.getValue().forEach(v -> request.header(h.getKey(), v));
                }
            }
            byte[] body = exchange.getRequestBody().readAllBytes();
            request.method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
            HttpResponse<InputStream> response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            response.headers().map().forEach((k, vs) -> {
                if (!HOP_BY_HOP.contains(k.toLowerCase(java.util.Locale.ROOT)) && !k.startsWith(":")) {
                    vs.forEach(v -> exchange.getResponseHeaders().add(k, v));
                }
            });
            exchange.sendResponseHeaders(response.statusCode(), 0);
            try (InputStream in = response.body(); OutputStream out = exchange.getResponseBody()) {
                byte[] buffer = new byte[16_384];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush(); // a watch event reaches the client as it comes
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client or the sandbox went away
        } finally {
            exchange.close();
        }
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
    }
}
