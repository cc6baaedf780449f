package dev.flightdeck.app.actions.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.nodes.Taint;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The planner and the Job manifest as pure functions of a node's facts. */
class PreflightPlannerTest {

    private static NodeFacts node(String name, String ready, int capacity, int allocatable, List<Taint> taints) {
        return new NodeFacts(name, "uid", "1", Instant.EPOCH, Map.of(), Map.of(), false, taints,
                List.of(new NodeCondition("Ready", ready, null, null, null)), capacity, allocatable);
    }

    @Test
    void theJobIsPinnedByAffinityToleratesTheGateCordonAndGpuTaintsAndAsksForEveryGpu() {
        PreflightSettings s = PreflightSettings.DEFAULTS.withDeadlineSeconds(300);
        PreflightPlan plan = PreflightPlanner.plan(node("gpu-node-001", "True", 8, 8, List.of()), List.of(), s,
                "preflight-gpu-node-001-abcde");
        JsonNode job = plan.job();
        assertEquals("flightdeck-system", job.at("/metadata/namespace").asText());
        JsonNode pod = job.at("/spec/template/spec");
        JsonNode field = pod.at("/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchFields/0");
        assertEquals("metadata.name", field.path("key").asText());
        assertEquals("In", field.path("operator").asText());
        assertEquals("[\"gpu-node-001\"]", field.path("values").toString());
        assertTrue(pod.path("nodeName").isMissingNode(), "not spec.nodeName: the scheduler must still check the fit");
        assertEquals(List.of("flightdeck.dev/preflight", "node.kubernetes.io/unschedulable", "nvidia.com/gpu",
                        "flightdeck.dev/drill"),
                pod.path("tolerations").valueStream().peek(t -> assertEquals("Exists", t.path("operator").asText()))
                        .map(t -> t.path("key").asText()).toList());
        assertEquals("8", pod.at("/containers/0/resources/limits/nvidia.com~1gpu").asText());
        assertEquals("nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0", pod.at("/containers/0/image").asText());
        assertTrue(pod.at("/containers/0/command").isMissingNode(), "vectorAdd runs the image's entrypoint");
        assertEquals("Never", pod.path("restartPolicy").asText());
        assertEquals(0, job.at("/spec/backoffLimit").asInt(-1));
        assertEquals(300, job.at("/spec/activeDeadlineSeconds").asInt());
        assertEquals(3600, job.at("/spec/ttlSecondsAfterFinished").asInt());
        for (String labels : new String[]{"/metadata/labels", "/spec/template/metadata/labels"}) {
            assertEquals("flightdeck-preflight", job.at(labels + "/app.kubernetes.io~1name").asText());
            assertEquals("flightdeck", job.at(labels + "/app.kubernetes.io~1managed-by").asText());
            assertEquals("gpu-node-001", job.at(labels + "/flightdeck.dev~1preflight-node").asText());
        }
        assertTrue(plan.canProceed());
        assertTrue(plan.warnings().isEmpty());
    }

    @Test
    void aRenamedGateKeyRenamesTheTaintTheTolerationAndTheNodeLabel() {
        PreflightSettings s = new PreflightSettings(new PreflightConvention("example.com/gpu-check"), "gpu-checks",
                ValidationCheck.DCGM_DIAG_QUICK, 120, 60);
        PreflightPlan plan = PreflightPlanner.plan(node("n1", "True", 4, 4, List.of()), List.of(), s, "preflight-n1-x");
        assertEquals("example.com/gpu-check=pending:NoSchedule", plan.pendingTaint().toString());
        assertEquals("example.com/gpu-check=failed:NoSchedule", plan.failedTaint().toString());
        JsonNode job = plan.job();
        assertEquals("example.com/gpu-check", job.at("/spec/template/spec/tolerations/0/key").asText());
        assertEquals("n1", job.at("/metadata/labels/example.com~1gpu-check-node").asText());
        assertEquals("[\"/bin/bash\",\"-c\",\"nv-hostengine && dcgmi diag -r 1\"]",
                job.at("/spec/template/spec/containers/0/command").toString());
        assertEquals("4", job.at("/spec/template/spec/containers/0/resources/limits/nvidia.com~1gpu").asText());
    }

    @Test
    void aNodeWithoutGpusIsRefusedAndWhatWouldKeepThePodPendingIsWarned() {
        PreflightPlan noGpus = PreflightPlanner.plan(node("system-node-0", "True", 0, 0, List.of()), List.of(),
                PreflightSettings.DEFAULTS, "j");
        assertFalse(noGpus.canProceed());
        assertEquals("system-node-0 advertises no nvidia.com/gpu: there are no GPUs to validate", noGpus.blockers().getFirst());
        assertTrue(PreflightPlanText.lines(noGpus).getFirst().contains("REFUSED, nothing would change"));

        PreflightPlan troubled = PreflightPlanner.plan(node("gpu-node-007", "Unknown", 8, 7, List.of()),
                List.of(new PreflightPlan.GpuHolder("training/llm-pretrain-7-abcde", 8)), PreflightSettings.DEFAULTS, "j");
        assertTrue(troubled.canProceed(), "running it anyway gives the gate a truthful failure");
        assertEquals(List.of(
                "node is not Ready (Ready=Unknown): the validation pod will stay Pending and the preflight fail after 600 s",
                "only 7 of 8 GPUs are allocatable (withdrawn by the device plugin): asking for all 8 keeps the pod Pending,"
                        + " so the preflight fails",
                "8 GPUs are held by [training/llm-pretrain-7-abcde]: the validation waits until they leave (drain the node first)"),
                troubled.warnings());
    }

    @Test
    void thePlanTextSaysWhatIsSetOnPassAndOnFailure() {
        PreflightPlan plan = PreflightPlanner.plan(node("gpu-node-031", "True", 8, 8,
                        List.of(new Taint("flightdeck.dev/preflight", "failed", "NoSchedule"))), List.of(),
                PreflightSettings.DEFAULTS, "preflight-gpu-node-031-abcde");
        List<String> lines = PreflightPlanText.lines(plan);
        assertEquals("re-preflight gpu-node-031: would gate it (flightdeck.dev/preflight=pending:NoSchedule), label "
                + "flightdeck.dev/preflight=running, and run CUDA vectorAdd on all 8 GPUs", lines.get(0));
        assertEquals("  now    gate failed, no result label", lines.get(1));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  fail   flightdeck.dev/preflight=failed:NoSchedule")));
        assertTrue(lines.stream().anyMatch(l -> l.contains("flightdeck-system/preflight-gpu-node-031-abcde")));
    }

    @Test
    void badSettingsAreRefusedInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PreflightSettings(
                PreflightConvention.DEFAULT, "Flightdeck_System", ValidationCheck.CUDA_VECTOR_ADD, 600, 60));
        assertEquals("preflight namespace 'Flightdeck_System' is not a valid namespace name (lower-case letters, digits"
                + " and '-', at most 63)", e.getMessage());
        assertEquals("preflight deadline must be at least 1 s, not 0",
                assertThrows(IllegalArgumentException.class, () -> PreflightSettings.DEFAULTS.withDeadlineSeconds(0)).getMessage());
    }
}
