package dev.flightdeck.app.cli;

import dev.flightdeck.app.controlplane.KubeletStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealGangs;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.settings.SettingsFile;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cordon, uncordon, drain and re-preflight end to end on the real kube-apiserver, through the
 * headless commands (the console's dialogs call the same core): the changes on the node, the
 * journal, and the Events the server stored. The kubelet stand-in running the pods and the
 * validation pod's outcome is the only simulated part.
 */
@ExtendWith(RealKube.class)
class RealNodeActionsTest {

    private static RealCluster real;
    private static String kubeconfig;

    @BeforeAll
    static void cluster(RealCluster cluster) throws Exception {
        real = cluster;
        kubeconfig = cluster.plane().adminKubeconfig().toString();
        // The lane's cluster has a handful of GPU nodes: the default breaker (10% of GPUs out of
        // service) refuses any drain there, as it should on a fleet that small, and other tests leave
        // nodes out of service. Not under test here: lift it for context "real".
        SettingsFile settings = SettingsFile.standard();
        settings.save("real", settings.load().forContext("real").withDrainBreaker(new dev.flightdeck.app.settings.DrainLimits(1_000, 100)));
    }

    static ActCommandTest.Run cli(String... args) throws Exception {
        return ActCommandTest.against(java.nio.file.Path.of(kubeconfig), args);
    }

    /** The Events the console recorded on {@code node}, by reason. */
    static List<Event> events(String node, String reason) {
        return real.admin().v1().events().inNamespace("default").withField("involvedObject.name", node)
                .withField("reason", reason).list().getItems();
    }

    @Test
    void cordonAndUncordonWriteWhoAndWhyJournalAndRecordEvents() throws Exception {
        String node = RealCluster.unique("cordon");
        real.kubelet().registerGpuNode(node, 8, Map.of());
        Instant t0 = Instant.now();
        ActCommandTest.Run c = cli("cordon", node, "--confirm", node, "--reason", "Xid 79 on GPU 5, RMA 4411");
        assertEquals(0, c.exit(), c.err());
        Node n = real.admin().nodes().withName(node).get();
        assertTrue(n.getSpec().getUnschedulable());
        assertEquals("Xid 79 on GPU 5, RMA 4411", n.getMetadata().getAnnotations().get("flightdeck.dev/cordon-reason"));
        assertEquals(real.plane().adminUser(), n.getMetadata().getAnnotations().get("flightdeck.dev/cordoned-by"),
                "who, as the API server says (SelfSubjectReview)");
        assertEquals(1, events(node, "FlightdeckCordon").size());
        Event e = events(node, "FlightdeckCordon").getFirst();
        assertEquals("flightdeck", e.getReportingComponent());
        assertEquals("Node", e.getInvolvedObject().getKind());

        ActCommandTest.Run u = cli("uncordon", node, "--confirm", node);
        assertEquals(0, u.exit(), u.err());
        n = real.admin().nodes().withName(node).get();
        assertNull(n.getSpec().getUnschedulable());
        assertFalse(n.getMetadata().getAnnotations().containsKey("flightdeck.dev/cordon-reason"));
        assertEquals(1, events(node, "FlightdeckUncordon").size());
        List<String> journal = ActCommandTest.journal(t0, "node/" + node).stream()
                .map(j -> j.action() + " " + j.phase() + " " + j.user()).toList();
        assertEquals(List.of("cordon plan flightdeck-admin", "cordon confirm flightdeck-admin", "cordon outcome flightdeck-admin",
                "uncordon plan flightdeck-admin", "uncordon confirm flightdeck-admin", "uncordon outcome flightdeck-admin"),
                journal);
    }

    /**
     * A rank of an Indexed Job guarded by a budget that allows no disruption: the eviction answers
     * 429 and is retried until the budget is relaxed and the disruption controller allows it; then
     * the rank goes, the Job controller replaces it (it stays Pending: the node is cordoned and the
     * other one full), and the node is drained.
     */
    @Test
    void aDrainWaitsOnTheBudgetUntilTheDisruptionControllerAllowsTheEviction() throws Exception {
        String ns = real.namespace("drain");
        String a = RealGangs.indexedJob(real, ns, "pretrain", 2, true).getFirst();
        real.admin().policy().v1().podDisruptionBudget().inNamespace(ns).resource(new PodDisruptionBudgetBuilder()
                .withNewMetadata().withName("pretrain").endMetadata().withNewSpec().withMinAvailable(new IntOrString(2))
                .withNewSelector().addToMatchLabels("batch.kubernetes.io/job-name", "pretrain").endSelector().endSpec()
                .build()).create();
        real.admin().pods().inNamespace(ns).withLabel("batch.kubernetes.io/job-name", "pretrain").waitUntilCondition(
                p -> p != null && "Running".equals(p.getStatus().getPhase()), 30, TimeUnit.SECONDS);
        real.admin().policy().v1().podDisruptionBudget().inNamespace(ns).withName("pretrain").waitUntilCondition(
                p -> p.getStatus() != null && p.getStatus().getCurrentHealthy() != null && p.getStatus().getCurrentHealthy() == 2,
                30, TimeUnit.SECONDS);

        ActCommandTest.Run refused = cli("drain", a, "--confirm", a, "--reason", "NVLink flaps");
        assertEquals(4, refused.exit(), "without consent for the ranks' /dev/shm the plan refuses, and nothing is done");
        assertTrue(refused.out().getFirst().contains("REFUSED before evicting anything"), refused.out().getFirst());
        assertNull(real.admin().nodes().withName(a).get().getSpec().getUnschedulable(), "not even cordoned");

        Instant t0 = Instant.now();
        CompletableFuture<ActCommandTest.Run> drain = CompletableFuture.supplyAsync(() -> {
            try {
                return cli("drain", a, "--confirm", a, "--reason", "NVLink flaps", "--delete-emptydir-data", "--timeout", "90s");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        // Let it meet the budget a few times (429s, retried every 5 s), then relax the budget.
        try {
            awaitJournal(t0, "node/" + a, "held by a disruption budget");
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + (drain.isDone() ? "; the drain ended: " + drain.get() : ""), e);
        }
        real.admin().policy().v1().podDisruptionBudget().inNamespace(ns).withName("pretrain")
                .patch(io.fabric8.kubernetes.client.dsl.base.PatchContext.of(io.fabric8.kubernetes.client.dsl.base.PatchType.JSON_MERGE),
                        "{\"spec\":{\"minAvailable\":1}}"); // no read-modify-write: the disruption controller writes it too
        ActCommandTest.Run r = drain.get(120, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), r.out() + "\n" + r.err());
        assertTrue(r.out().getLast().startsWith(a + " drained: "), r.out().getLast());
        assertTrue(real.admin().nodes().withName(a).get().getSpec().getUnschedulable());
        List<Pod> onA = real.admin().pods().inNamespace(ns).withField("spec.nodeName", a).list().getItems();
        assertTrue(onA.isEmpty(), "no pod of the gang left on " + a + ": " + onA);
        List<JournalEntry> journal = ActCommandTest.journal(t0, "node/" + a);
        assertEquals("outcome", journal.getLast().phase());
        assertTrue(journal.stream().anyMatch(j -> j.message().contains("held by a disruption budget")));
        Event e = events(a, "FlightdeckDrain").getFirst();
        assertEquals("Normal", e.getType());
        assertTrue(e.getMessage().startsWith(a + " drained"), e.getMessage());
    }

    @Test
    void preflightOnAGatedNodeRunsTheValidationJobWhereTheRealSchedulerPutsItAndLiftsTheGate() throws Exception {
        String node = gatedNode("preflight-ok");
        real.kubelet().script(p -> validationFor(p, node) ? KubeletStandIn.Script.exit(0,
                "[Vector addition of 50000 elements]\nCUDA kernel launch with 196 blocks\nTest PASSED\n") : null);
        ActCommandTest.Run r = cli("preflight", node, "--confirm", node);
        assertEquals(0, r.exit(), r.out() + "\n" + r.err());
        Node n = real.admin().nodes().withName(node).get();
        assertTrue(n.getSpec().getTaints() == null || n.getSpec().getTaints().stream()
                .noneMatch(t -> t.getKey().equals("flightdeck.dev/preflight")), "the gate is lifted");
        assertTrue(n.getSpec().getTaints().stream().anyMatch(t -> t.getKey().equals("nvidia.com/gpu")), "other taints are kept");
        assertEquals("passed", n.getMetadata().getLabels().get("flightdeck.dev/preflight"));
        assertEquals(1, events(node, "FlightdeckPreflight").size());
    }

    @Test
    void aFailedValidationKeepsTheNodeGatedWithTheLogTailReadThroughTheApiServer() throws Exception {
        String node = gatedNode("preflight-fail");
        real.kubelet().script(p -> validationFor(p, node) ? KubeletStandIn.Script.exit(1,
                "Running dcgmi diag -r 1\n| NVLink bandwidth | Fail: GPU 3 link 7 below threshold\nDiagnostic failed\n") : null);
        ActCommandTest.Run r = cli("preflight", node, "--confirm", node, "--check", "dcgm");
        assertEquals(6, r.exit(), r.out() + "\n" + r.err());
        Node n = real.admin().nodes().withName(node).get();
        Taint gate = n.getSpec().getTaints().stream().filter(t -> t.getKey().equals("flightdeck.dev/preflight")).findFirst()
                .orElseThrow();
        assertEquals("failed", gate.getValue());
        assertEquals("failed", n.getMetadata().getLabels().get("flightdeck.dev/preflight"));
        assertTrue(n.getMetadata().getAnnotations().get("flightdeck.dev/preflight-detail").contains("Diagnostic failed"),
                "the log's tail, read through pods/log: " + n.getMetadata().getAnnotations());
        assertEquals("Warning", events(node, "FlightdeckPreflight").getFirst().getType());
    }

    private static boolean validationFor(Pod p, String node) {
        return node.equals(p.getSpec().getNodeName())
                && "flightdeck-preflight".equals(p.getMetadata().getLabels().get("app.kubernetes.io/name"));
    }

    /** A Ready GPU node behind the preflight gate (pending), with the GPU taint many clusters keep, which must survive. */
    private static String gatedNode(String prefix) {
        String node = RealCluster.unique(prefix);
        real.kubelet().registerGpuNode(node, 8, Map.of());
        // A merge patch, not a read-modify-write: node controllers annotate a new node meanwhile.
        real.admin().nodes().withName(node).patch(io.fabric8.kubernetes.client.dsl.base.PatchContext.of(
                io.fabric8.kubernetes.client.dsl.base.PatchType.JSON_MERGE), """
                {"spec":{"taints":[{"key":"nvidia.com/gpu","value":"present","effect":"NoSchedule"},
                 {"key":"flightdeck.dev/preflight","value":"pending","effect":"NoSchedule"}]}}""");
        return node;
    }

    private static void awaitJournal(Instant since, String target, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (ActCommandTest.journal(since, target).stream().anyMatch(j -> j.message().contains(text))) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the journal never said '" + text + "' for " + target + ": "
                + ActCommandTest.journal(since, target).stream().map(JournalEntry::message).toList());
    }
}
