package dev.flightdeck.drills.staging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.app.watch.KubeJson;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A drill's virtual node takes the drill's pods and nobody else's, on the real scheduler: a pod that
 * tolerates every NoSchedule taint (as many DaemonSets do) is still kept off by the node's NoExecute
 * taint — it would be bound to a node no kubelet runs, and stay there — while the drill's own ranks,
 * which tolerate both, are placed.
 */
@ExtendWith(RealKube.class)
class VirtualNodeTaintsRealTest {

    @Test
    void aPodToleratingEveryNoScheduleTaintDoesNotLandOnAVirtualNodeAndTheDrillsOwnRankDoes(RealCluster real)
            throws Exception {
        KubeRest rest = real.adminRest();
        StagingNames run = new StagingNames(RealCluster.unique("taints"));
        String node = run.node(0);
        String ns = real.namespace("taints");
        try {
            JsonNode made = ok(rest.post("/api/v1/nodes", StagingObjects.node(run, node, 8)));
            ok(rest.mergePatch("/api/v1/nodes/" + node + "/status", StagingObjects.nodeStatus(node, 8)));
            ok(rest.post(DrillInventory.LEASES, StagingObjects.lease(run, node, made.path("metadata").path("uid").asText())));
            // Ready, and node lifecycle's own taints lifted: only the drill's taints keep pods off now.
            real.admin().nodes().withName(node).waitUntilCondition(n -> n != null && n.getSpec().getTaints().stream()
                    .noneMatch(t -> t.getKey().startsWith("node.kubernetes.io/")), 60, TimeUnit.SECONDS);
            assertEquals(2, real.admin().nodes().withName(node).get().getSpec().getTaints().stream()
                    .filter(t -> t.getKey().equals(StagingNames.LABEL)).count(), "NoSchedule and NoExecute");

            ObjectNode greedy = pod("everywhere", node);
            ((ObjectNode) greedy.path("spec")).putArray("tolerations").addObject().put("operator", "Exists")
                    .put("effect", "NoSchedule");
            ok(rest.post("/api/v1/namespaces/" + ns + "/pods", greedy));
            ObjectNode rank = pod("rank-0", node);
            ((ObjectNode) rank.path("spec")).set("tolerations", StagingObjects.gang(run, new Scenario.GangStart(ns, "g", 1, 8,
                    Duration.ofMinutes(10), Duration.ofMinutes(1)), "s3://x/", Instant.now(), 1).path("spec")
                    .path("template").path("spec").path("tolerations"));
            ok(rest.post("/api/v1/namespaces/" + ns + "/pods", rank));

            Pod placed = real.admin().pods().inNamespace(ns).withName("rank-0").waitUntilCondition(
                    p -> p != null && p.getSpec().getNodeName() != null, 60, TimeUnit.SECONDS);
            assertEquals(node, placed.getSpec().getNodeName(), "the drill's rank is placed on its node");
            // The scheduler's verdict, either way: bound to the node, or unschedulable with its reason.
            Pod kept = real.admin().pods().inNamespace(ns).withName("everywhere").waitUntilCondition(p -> p != null
                    && (p.getSpec().getNodeName() != null || p.getStatus().getConditions().stream().anyMatch(c ->
                    c.getType().equals("PodScheduled") && c.getStatus().equals("False"))), 60, TimeUnit.SECONDS);
            assertNull(kept.getSpec().getNodeName(), "a pod that tolerates only NoSchedule taints is not bound there");
            PodCondition why = kept.getStatus().getConditions().stream().filter(c -> c.getType().equals("PodScheduled"))
                    .findFirst().orElseThrow();
            assertEquals("Unschedulable", why.getReason());
            assertTrue(why.getMessage().contains("untolerated taint {" + StagingNames.LABEL + ": " + run.id() + "}"),
                    why.getMessage());
        } finally {
            real.admin().pods().inNamespace(ns).withGracePeriod(0).delete();
            real.admin().namespaces().withName(ns).delete();
            real.admin().nodes().withName(node).delete();
            real.admin().nodes().withName(node).waitUntilCondition(java.util.Objects::isNull, 60, TimeUnit.SECONDS);
        }
    }

    /** A pod that asks for the virtual node by its hostname label, and nothing else. */
    private static ObjectNode pod(String name, String node) {
        ObjectNode pod = KubeJson.MAPPER.createObjectNode();
        pod.put("apiVersion", "v1").put("kind", "Pod");
        pod.putObject("metadata").put("name", name);
        ObjectNode spec = pod.putObject("spec");
        spec.putObject("nodeSelector").put("kubernetes.io/hostname", node);
        spec.putArray("containers").addObject().put("name", "c").put("image", "busybox");
        return pod;
    }

    private static JsonNode ok(KubeRest.Answer a) throws IOException {
        assertTrue(a.ok(), a.code() + " " + a.message());
        return a.json();
    }
}
