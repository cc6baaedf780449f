package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.fleet.FleetModel;
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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server (a stub over real HTTP) that sends a node without a name in its LIST and then a watch
 * event whose GPU count is no number: the watcher shows every readable node, counts and names the
 * unreadable ones, and relists once after the unreadable event, so the version it can no longer
 * trust is not left on screen as if current.
 */
class UnreadableObjectsWatchTest {

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
    void unreadableObjectsAreCountedAndSkippedAndAnUnreadableEventCostsOneRelist() throws Exception {
        String a = node("gpu-a", "8", "11");
        String b = node("gpu-b", "8", "11");
        String nameless = node("gpu-x", "8", "11").replace("\"name\":\"gpu-x\"", "\"name\":null");
        String aBroken = node("gpu-a", "eight", "12");
        String c = node("gpu-c", "8", "13");
        AtomicInteger lists = new AtomicInteger();
        AtomicInteger watches = new AtomicInteger();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/v1/nodes", exchange -> {
            String query = exchange.getRequestURI().getQuery();
            String body;
            if (query.contains("watch=1")) {
                body = watches.getAndIncrement() == 0
                        ? "{\"type\":\"MODIFIED\",\"object\":" + aBroken + "}\n{\"type\":\"ADDED\",\"object\":" + c + "}\n"
                        : "";
            } else {
                body = lists.getAndIncrement() == 0
                        ? list("11", a, nameless, b)
                        : list("13", node("gpu-a", "7", "12"), b, c); // gpu-a mended, gpu-c added meanwhile
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body.getBytes(StandardCharsets.UTF_8));
                if (!body.isEmpty() && query.contains("watch=1")) {
                    out.flush();
                    Thread.sleep(2_000); // the stream stays open after the events
                }
            } catch (IOException | InterruptedException ignored) {
                // the watcher went away
            }
        });
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        client = new KubernetesClientBuilder().withConfig(new ConfigBuilder(Config.empty()).withMasterUrl(url).build()).build();
        FleetModel model = new FleetModel(PreflightConvention.DEFAULT, Clock.systemUTC());
        try (ResourceWatcher<dev.flightdeck.app.fleet.NodeFacts> watcher = new ResourceWatcher<>(
                new ApiEndpoint(client.getHttpClient(), url), "/api/v1/nodes", "nodes", new NodeProjector(),
                model::onNodeEvent, 500)) {
            watcher.start();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while ((model.node("gpu-c") == null || lists.get() < 2) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertNotNull(model.node("gpu-c"), "the relist after the unreadable event brought the rest");
            assertEquals(7, model.node("gpu-a").facts().gpuAllocatable(), "gpu-a as the relist gave it, not as before");
            assertNotNull(model.node("gpu-b"));
            assertNull(model.node("gpu-x"));
            assertEquals(2, lists.get(), "one relist for the unreadable event, no more");
            SkippedObjects skipped = watcher.skipped();
            assertEquals(2, skipped.count());
            assertTrue(skipped.describe().startsWith("nodes: 2 objects not shown (unreadable), the latest: BadObject:"
                    + " node gpu-a: status.allocatable nvidia.com/gpu \"eight\" is not a whole number of GPUs"),
                    skipped.describe());
        }
    }

    private static String list(String rv, String... items) {
        return "{\"kind\":\"NodeList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"" + rv + "\"},\"items\":["
                + String.join(",", items) + "]}";
    }

    private static String node(String name, String allocatable, String rv) throws IOException {
        ObjectNode n = (ObjectNode) KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json"));
        ((ObjectNode) n.get("metadata")).put("name", name).put("resourceVersion", rv).put("uid", "uid-" + name);
        ((ObjectNode) n.at("/status/allocatable")).put("nvidia.com/gpu", allocatable);
        return KubeJson.MAPPER.writeValueAsString(n);
    }
}
