package dev.flightdeck.app.actions.drain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.kube.PodDisruptionBudgetObject;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kubectl drain's filters on real pods (the captured Indexed Job ranks) and on variants of them
 * shaped as a DaemonSet pod, a mirror pod, a pod with emptyDir and an unmanaged pod.
 */
class DrainPlannerTest {

    /** The pod as the drain plan reads it from the server's answer. */
    private static DrainPod drainPod(JsonNode pod) throws IOException {
        return DrainPod.of(KubeJson.MAPPER.treeToValue(pod, PodObject.class));
    }

    private static ObjectNode rank(int i) throws IOException {
        JsonNode list = KubeJson.MAPPER.readTree(Fixtures.capture("pods-indexed-job.json"));
        return (ObjectNode) list.path("items").get(i).deepCopy();
    }

    private static DrainPod daemonSetPod() throws IOException {
        ObjectNode p = rank(0);
        p.with("metadata").put("name", "nvidia-dcgm-exporter-x7k2p").put("namespace", "gpu-operator");
        ObjectNode owner = (ObjectNode) p.path("metadata").path("ownerReferences").get(0);
        owner.put("kind", "DaemonSet").put("name", "nvidia-dcgm-exporter").put("apiVersion", "apps/v1");
        return drainPod(p);
    }

    private static DrainPod mirrorPod() throws IOException {
        ObjectNode p = rank(0);
        p.with("metadata").put("name", "kube-proxy-gpu-node-000").remove("ownerReferences");
        p.with("metadata").with("annotations").put("kubernetes.io/config.mirror", "4a3f");
        return drainPod(p);
    }

    private static DrainPod withEmptyDir() throws IOException {
        ObjectNode p = rank(2);
        p.with("spec").withArray("volumes").addObject().put("name", "dshm").putObject("emptyDir").put("medium", "Memory");
        return drainPod(p);
    }

    private static DrainPod unmanaged(String phase) throws IOException {
        ObjectNode p = rank(1);
        p.with("metadata").put("name", "debug-shell").remove("ownerReferences");
        p.with("status").put("phase", phase);
        return drainPod(p);
    }

    private static PodDisruptionBudgetObject pdb(String selectorJson, int disruptionsAllowed) throws IOException {
        return KubeJson.MAPPER.readValue("{\"metadata\":{\"name\":\"llm-pretrain\",\"namespace\":\"default\"},"
                + "\"spec\":{\"minAvailable\":3,\"selector\":" + selectorJson + "},"
                + "\"status\":{\"disruptionsAllowed\":" + disruptionsAllowed + "}}", PodDisruptionBudgetObject.class);
    }

    @Test
    void realRankPodIsReadAsAJobPodWithItsGpus() throws IOException {
        DrainPod p = drainPod(rank(0));
        assertEquals("default/llm-pretrain-0-6vnc4", p.ref());
        assertEquals("Job", p.controllerKind());
        assertEquals("llm-pretrain", p.controllerName());
        assertEquals(8, p.gpus());
        assertEquals(30, p.terminationGraceSeconds());
        assertFalse(p.mirror());
        assertTrue(p.emptyDirs().isEmpty());
    }

    @Test
    void daemonSetAndMirrorPodsAreSkippedAndJobPodsEvicted() throws IOException {
        DrainPlan plan = DrainPlanner.plan("gpu-node-000", List.of(drainPod(rank(0)), daemonSetPod(), mirrorPod()),
                List.of(), List.of(), DrainOptions.DEFAULTS);
        assertTrue(plan.canProceed());
        assertEquals(List.of("llm-pretrain-0-6vnc4"), plan.evict().stream().map(e -> e.pod().name()).toList());
        assertEquals("recreated by Job llm-pretrain", plan.evict().getFirst().note());
        assertEquals(2, plan.skipped().size());
        assertTrue(plan.skipped().get(1).why().startsWith("mirror pod"));
    }

    @Test
    void withoutIgnoreDaemonSetsTheDaemonSetPodBlocks() throws IOException {
        DrainOptions strict = new DrainOptions(false, false, false, false, Duration.ofMinutes(1));
        DrainPlan plan = DrainPlanner.plan("n", List.of(daemonSetPod()), List.of(), List.of(), strict);
        assertFalse(plan.canProceed());
        assertEquals("managed by DaemonSet nvidia-dcgm-exporter", plan.blockers().getFirst().why());
    }

    @Test
    void emptyDirAndUnmanagedPodsBlockUntilConsentedAndFinishedPodsPass() throws IOException {
        List<DrainPod> pods = List.of(withEmptyDir(), unmanaged("Running"), unmanaged("Succeeded"));
        DrainPlan refused = DrainPlanner.plan("n", pods, List.of(), List.of(), DrainOptions.DEFAULTS);
        assertFalse(refused.canProceed(), "kubectl refuses before evicting anything");
        assertEquals(List.of("has emptyDir data that would be lost (dshm)", "not managed by a controller: nothing would recreate it"),
                refused.blockers().stream().map(DrainPlan.Blocker::why).toList());
        assertEquals(List.of("delete emptyDir data", "delete unmanaged pods (force)"),
                refused.blockers().stream().map(DrainPlan.Blocker::consent).toList());
        assertEquals(1, refused.evict().size(), "the Succeeded pod passes");

        DrainPlan consented = DrainPlanner.plan("n", pods, List.of(), List.of(), DrainOptions.DEFAULTS.withConsent(true, true));
        assertTrue(consented.canProceed());
        assertEquals(3, consented.evict().size());
        assertTrue(consented.evict().get(0).note().endsWith("emptyDir data lost"));
    }

    @Test
    void aBudgetWithNoDisruptionsLeftIsShownAsHoldingTheDrain() throws IOException {
        List<DrainPod> pods = List.of(drainPod(rank(0)), drainPod(rank(2)));
        DrainPlan plan = DrainPlanner.plan("n", pods,
                List.of(pdb("{\"matchLabels\":{\"job-name\":\"llm-pretrain\"}}", 0),
                        pdb("{\"matchExpressions\":[{\"key\":\"app\",\"operator\":\"NotIn\",\"values\":[\"llm-pretrain\"]}]}", 0)),
                List.of(), DrainOptions.DEFAULTS);
        assertEquals(1, plan.pdbs().size(), "the second budget selects none of these pods");
        PdbHold hold = plan.pdbs().getFirst();
        assertEquals(List.of("llm-pretrain-0-6vnc4", "llm-pretrain-2-99pqb"), hold.pods().stream().sorted().toList());
        assertTrue(hold.holds());
    }

    @Test
    void brokenGangsAskForTypedConfirmationAndAddUp() throws IOException {
        BrokenGang g = new BrokenGang(new GangKey(GangSystem.INDEXED_JOB, "default", "llm-pretrain"), List.of(0), 24,
                Duration.ofMinutes(90), OptionalDouble.of(36.0));
        DrainPlan plan = DrainPlanner.plan("gpu-node-000", List.of(drainPod(rank(0))), List.of(), List.of(g),
                DrainOptions.DEFAULTS);
        assertTrue(plan.needsTypedConfirmation());
        assertEquals(24, plan.gpusInBrokenGangs());
    }

    /** kubectl: {@code cannot delete ... daemonsets.apps "X" not found} without --force; deleted with a warning with it. */
    @Test
    void aDaemonSetPodWhoseDaemonSetIsGoneNeedsForceAndIsThenEvicted() throws IOException {
        DrainPod orphan = daemonSetPod();
        java.util.function.Function<DrainPod, DaemonSetCheck> gone = p -> DaemonSetCheck.gone(
                "daemonsets.apps \"nvidia-dcgm-exporter\" not found");
        DrainPlan refused = DrainPlanner.plan("n", List.of(orphan), List.of(), List.of(), DrainOptions.DEFAULTS, gone);
        assertEquals(1, refused.blockers().size(), "not skipped as if its controller would recreate it");
        assertEquals("its DaemonSet nvidia-dcgm-exporter is gone (daemonsets.apps \"nvidia-dcgm-exporter\" not found): "
                + "nothing would recreate it", refused.blockers().getFirst().why());
        assertEquals("delete unmanaged pods (force)", refused.blockers().getFirst().consent());
        DrainPlan forced = DrainPlanner.plan("n", List.of(orphan), List.of(), List.of(),
                DrainOptions.DEFAULTS.withConsent(false, true), gone);
        assertEquals(List.of("gpu-operator/nvidia-dcgm-exporter-x7k2p"), forced.evict().stream().map(e -> e.pod().ref()).toList());
        assertEquals("its DaemonSet nvidia-dcgm-exporter is gone: deleted for good (force)", forced.evict().getFirst().note());
    }

    @Test
    void aDaemonSetThatCannotBeReadBlocksWithTheServersWords() throws IOException {
        DrainPlan plan = DrainPlanner.plan("n", List.of(daemonSetPod()), List.of(), List.of(), DrainOptions.DEFAULTS,
                p -> DaemonSetCheck.unreadable("daemonsets.apps \"nvidia-dcgm-exporter\" is forbidden: User \"sre\" cannot get"));
        assertEquals("permission to get daemonsets", plan.blockers().getFirst().consent());
        assertFalse(plan.canProceed());
    }

    /** kubectl lets any finished pod go, a DaemonSet's too; the DaemonSet is not even asked about. */
    @Test
    void aFinishedDaemonSetPodIsEvictedWithoutAskingForItsDaemonSet() throws IOException {
        ObjectNode p = rank(0);
        p.with("metadata").put("name", "nvidia-driver-validation-x2").put("namespace", "gpu-operator");
        ((ObjectNode) p.path("metadata").path("ownerReferences").get(0)).put("kind", "DaemonSet").put("name", "validator");
        p.with("status").put("phase", "Succeeded");
        DrainPlan plan = DrainPlanner.plan("n", List.of(drainPod(p)), List.of(), List.of(), DrainOptions.DEFAULTS,
                x -> {
                    throw new AssertionError("asked about the DaemonSet of a finished pod");
                });
        assertEquals(1, plan.evict().size());
    }
}
