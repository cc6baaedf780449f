package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.nodes.PreflightConvention;
import org.junit.jupiter.api.Test;

import java.io.IOException;
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

    @Test
    void unreadableObjectsAreCountedAndSkippedAndAnUnreadableEventCostsOneRelist() throws Exception {
        String a = node("gpu-a", "8", "11");
        String b = node("gpu-b", "8", "11");
        String nameless = node("gpu-x", "8", "11").replace("\"name\":\"gpu-x\"", "\"name\":null");
        String aBroken = node("gpu-a", "eight", "12");
        String c = node("gpu-c", "8", "13");
        String aMended = node("gpu-a", "7", "12");
        AtomicInteger lists = new AtomicInteger();
        AtomicInteger watches = new AtomicInteger();
        ClusterModel model = new ClusterModel(PreflightConvention.DEFAULT, Clock.systemUTC());
        try (NodesStubServer server = new NodesStubServer(query -> (query.contains("watch=1")
                ? watches.getAndIncrement() == 0
                        ? "{\"type\":\"MODIFIED\",\"object\":" + aBroken + "}\n{\"type\":\"ADDED\",\"object\":" + c + "}\n"
                        : ""
                : lists.getAndIncrement() == 0
                        ? list("11", a, nameless, b)
                        : list("13", aMended, b, c)) // gpu-a mended, gpu-c added meanwhile
                .getBytes(StandardCharsets.UTF_8), 2_000);
             ResourceWatcher<dev.flightdeck.app.nodes.NodeFacts> watcher = new ResourceWatcher<>(
                server.endpoint(), "/api/v1/nodes", "nodes", new NodeProjector(), model::onNodeEvent, 500)) {
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
        } finally {
            model.close();
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
