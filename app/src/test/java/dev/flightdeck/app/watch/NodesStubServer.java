package dev.flightdeck.app.watch;

import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.function.Function;

/**
 * A stub API server over real HTTP for {@code /api/v1/nodes}: the test says what each request
 * (by its query) is answered with; a watch answer's stream then stays open for {@code holdMillis}.
 * For playing back captures and hostile bodies to a real {@link ResourceWatcher}.
 */
final class NodesStubServer implements AutoCloseable {

    private final HttpServer server;
    private final KubernetesClient client;
    private final String url;
    /** Each request's Accept-Encoding (empty when it sent none), with its query: {@code "gzip ? limit=2"}. */
    final java.util.List<String> acceptEncodings = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** When set, a LIST answer (never a watch's) asked for gzip is gzipped and labelled with this Content-Encoding. */
    private volatile String gzipLabel;

    NodesStubServer(Function<String, byte[]> answer, long holdMillis) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/v1/nodes", exchange -> {
            String query = exchange.getRequestURI().getQuery();
            byte[] body = answer.apply(query);
            String accepted = exchange.getRequestHeaders().getFirst("Accept-Encoding");
            acceptEncodings.add((accepted == null ? "" : accepted) + " ? " + query);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            if (gzipLabel != null && accepted != null && accepted.contains("gzip") && !query.contains("watch=1")) {
                body = gzipped(body);
                exchange.getResponseHeaders().add("Content-Encoding", gzipLabel);
            }
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
                if (body.length > 0 && query.contains("watch=1")) {
                    out.flush();
                    Thread.sleep(holdMillis);
                }
            } catch (IOException | InterruptedException ignored) {
                // the watcher went away
            }
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
        client = new KubernetesClientBuilder().withConfig(new ConfigBuilder(Config.empty()).withMasterUrl(url).build()).build();
    }

    /** LIST answers asked for gzip come gzipped, labelled {@code label} (kube-apiserver's is "gzip"). */
    NodesStubServer gzipWhenAsked(String label) {
        this.gzipLabel = label;
        return this;
    }

    private static byte[] gzipped(byte[] body) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(out)) {
            gz.write(body);
        }
        return out.toByteArray();
    }

    ApiEndpoint endpoint() {
        return new ApiEndpoint(client.getHttpClient(), url);
    }

    @Override
    public void close() {
        client.close();
        server.stop(0);
    }
}
