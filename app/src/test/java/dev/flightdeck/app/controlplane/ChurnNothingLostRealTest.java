package dev.flightdeck.app.controlplane;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import io.fabric8.kubernetes.api.model.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing is lost under churn, against the real kube-apiserver: while a health agent's
 * condition flips on six GPU nodes as fast as the server takes the patches (the console
 * folds at most every 50 ms and leaves out nodes that look the same, so this is where a
 * dropped change would show), the console's model ends with exactly the resourceVersion
 * the server holds for every node, and with the condition's last value.
 */
@ExtendWith(RealKube.class)
class ChurnNothingLostRealTest {

    @Test
    void afterChurnTheModelEqualsTheServer(RealCluster real) throws Exception {
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String name = RealCluster.unique("churn-node");
            real.kubelet().registerGpuNode(name, 8, Map.of());
            nodes.add(name);
        }
        try (ClusterSession session = ClusterSessions.openStarted(real.target(), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            int patches = 0;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            while (System.nanoTime() < end) {
                String node = nodes.get(patches % nodes.size());
                String status = (patches / nodes.size()) % 2 == 0 ? "True" : "False";
                var r = real.plane().adminSend("PATCH", "/api/v1/nodes/" + node + "/status",
                        "application/strategic-merge-patch+json", """
                        {"status":{"conditions":[{"type":"GpuNvlinkWatch","status":"%s","reason":"Churn%d",
                        "message":"NVLink link 3 flapping","lastHeartbeatTime":"%s","lastTransitionTime":"%s"}]}}"""
                                .formatted(status, patches, Instant.now(), Instant.now()));
                assertEquals(200, r.statusCode(), r::body);
                patches++;
            }
            assertTrue(patches > 30, "the server took " + patches + " patches");

            Map<String, String> server = new LinkedHashMap<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            Map<String, String> shown;
            do {
                Thread.sleep(100);
                server.clear();
                for (String name : nodes) {
                    Node n = real.admin().nodes().withName(name).get();
                    server.put(name, n.getMetadata().getResourceVersion() + " " + reason(n));
                }
                shown = shown(session, nodes);
            } while (!shown.equals(server) && System.nanoTime() < deadline);
            assertEquals(server, shown, "after " + patches + " patches the model shows what the server holds");
        }
    }

    private static String reason(Node n) {
        return n.getStatus().getConditions().stream().filter(c -> c.getType().equals("GpuNvlinkWatch"))
                .map(c -> c.getStatus() + "/" + c.getReason()).findFirst().orElse("none");
    }

    private static Map<String, String> shown(ClusterSession session, List<String> nodes) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : nodes) {
            GpuNode n = session.model().node(name);
            out.put(name, n == null ? "missing" : n.facts().resourceVersion() + " " + n.facts().conditions().stream()
                    .filter(c -> c.type().equals("GpuNvlinkWatch")).map(c -> c.status() + "/" + c.reason())
                    .findFirst().orElse("none"));
        }
        return out;
    }
}
