package dev.flightdeck.app.watch;

import com.sun.net.httpserver.HttpServer;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.fleet.FleetModel;
import dev.flightdeck.app.fleet.GpuNode;
import dev.flightdeck.app.fleet.NodeFacts;
import dev.flightdeck.app.fleet.NodeVerdict;
import dev.flightdeck.app.fleet.PreflightConvention;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Replays the body of a real {@code GET /api/v1/nodes?watch=1} (captured from
 * kube-apiserver 1.32) over HTTP and checks that the watcher folds it into the
 * verdicts the real cluster deserves.
 */
class CapturedWatchStreamTest {

    private HttpServer server;
    private KubernetesClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void capturedWatchStreamGivesTheRealVerdicts() throws Exception {
        byte[] stream = Fixtures.capture("watch-nodes-stream.jsonl");
        AtomicInteger watches = new AtomicInteger();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/v1/nodes", exchange -> {
            String query = exchange.getRequestURI().getQuery();
            byte[] body;
            if (query.contains("watch=1")) {
                // first watch: the capture; later ones: nothing new, held open briefly
                body = watches.getAndIncrement() == 0 ? stream : new byte[0];
            } else {
                body = "{\"kind\":\"NodeList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"216\"},\"items\":[]}"
                        .getBytes(StandardCharsets.UTF_8);
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            } catch (IOException ignored) {
                // client went away
            }
        });
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        client = new KubernetesClientBuilder().withConfig(new ConfigBuilder(Config.empty()).withMasterUrl(url).build()).build();
        FleetModel model = new FleetModel(PreflightConvention.DEFAULT, Clock.systemUTC());
        try (ResourceWatcher<NodeFacts> watcher = new ResourceWatcher<>(new ApiEndpoint(client.getHttpClient(), url),
                "/api/v1/nodes", "nodes", new NodeProjector(), model::onNodeEvent, 500)) {
            watcher.start();
            GpuNode n003 = null;
            for (int i = 0; i < 100 && (n003 == null || n003.facts().gpuCapacity() == 0); i++) {
                Thread.sleep(50);
                n003 = model.node("gpu-node-003");
            }
            assertEquals(4, model.snapshot().nodes().size());
            assertEquals(NodeVerdict.TRUSTED, model.node("gpu-node-000").verdict());
            assertEquals(NodeVerdict.DEGRADED, model.node("gpu-node-001").verdict());
            assertEquals("1 of 8 GPUs withdrawn", model.node("gpu-node-001").trust().reasonText());
            assertEquals(NodeVerdict.GATED, model.node("gpu-node-003").verdict());
            assertEquals("preflight pending", model.node("gpu-node-003").trust().reasonText());
            assertEquals(7, model.node("gpu-node-001").gpuUsable());
            assertTrue(watches.get() >= 1);
        } finally {
            model.close();
        }
    }
}
