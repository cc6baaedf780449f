package dev.flightdeck.app.watch;

import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PreflightConvention;
import org.junit.jupiter.api.Test;

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

    @Test
    void capturedWatchStreamGivesTheRealVerdicts() throws Exception {
        byte[] stream = Fixtures.capture("watch-nodes-stream.jsonl");
        AtomicInteger watches = new AtomicInteger();
        ClusterModel model = new ClusterModel(PreflightConvention.DEFAULT, Clock.systemUTC());
        // first watch: the capture; later ones: nothing new
        try (NodesStubServer server = new NodesStubServer(query -> query.contains("watch=1")
                ? (watches.getAndIncrement() == 0 ? stream : new byte[0])
                : "{\"kind\":\"NodeList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"216\"},\"items\":[]}"
                        .getBytes(StandardCharsets.UTF_8), 0);
             ResourceWatcher<NodeFacts> watcher = new ResourceWatcher<>(server.endpoint(),
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
