package dev.flightdeck.app.nodes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.NodeProjector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GpuTrustRulesTest {

    private static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");

    private static TrustAssessment assess(ObjectNode node) throws IOException {
        NodeFacts facts = NodeProjector.parse(KubeJson.MAPPER.writeValueAsBytes(node));
        return GpuTrustRules.assess(facts, PreflightReader.read(facts, PreflightConvention.DEFAULT), NOW);
    }

    /** The real capture of gpu-node-001, as the API server returned it; our variants start from it. */
    private static ObjectNode capturedDegradedNode() throws IOException {
        return (ObjectNode) KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json"));
    }

    private static ObjectNode healthyNode() throws IOException {
        ObjectNode n = capturedDegradedNode();
        n.with("status").with("allocatable").put("nvidia.com/gpu", "8");
        return n;
    }

    private static void addCondition(ObjectNode node, String type, String status, String reason, String message) {
        ArrayNode conds = node.with("status").withArray("conditions");
        conds.addObject().put("type", type).put("status", status).put("reason", reason).put("message", message);
    }

    @Test
    void realCaptureWithOneGpuWithdrawnIsDegraded() throws IOException {
        TrustAssessment t = assess(capturedDegradedNode());
        assertEquals(NodeVerdict.DEGRADED, t.verdict());
        assertEquals("1 of 8 GPUs withdrawn", t.reasonText());
    }

    @Test
    void healthyReadyNodeIsTrustedWithNoReasons() throws IOException {
        TrustAssessment t = assess(healthyNode());
        assertEquals(NodeVerdict.TRUSTED, t.verdict());
        assertTrue(t.reasons().isEmpty());
    }

    @ParameterizedTest(name = "{0}={1} -> {2}")
    @CsvSource({
            "SysLogsXIDError, True, UNTRUSTED",
            "SysLogsSXIDError, True, UNTRUSTED",
            "SysLogsGPUFallenOff, True, UNTRUSTED",
            "GpuMemWatch, True, UNTRUSTED",
            "GpuThermalWatch, True, UNTRUSTED",
            "GpuPcieWatch, True, UNTRUSTED",
            "GpuPowerWatch, True, UNTRUSTED",
            "GpuInforomWatch, True, UNTRUSTED",
            "GpuSmWatch, True, UNTRUSTED",
            "GpuNvlinkWatch, True, UNTRUSTED",
            "GpuDriverWatch, True, UNTRUSTED",
            "NVSwitchFatalError, True, UNTRUSTED",
            "NVSwitchDown, True, UNTRUSTED",
            "DCGMError, True, UNTRUSTED",
            "KernelDeadlock, True, UNTRUSTED",
            "ReadonlyFilesystem, True, UNTRUSTED",
            "XfsShutdown, True, UNTRUSTED",
            "NetworkUnavailable, True, UNTRUSTED",
            "CSPMaintenance, True, MAINTENANCE",
            "VMEventScheduled, True, MAINTENANCE",
            "NebiusMaintenanceScheduled, True, MAINTENANCE",
            "MemoryPressure, True, DEGRADED",
            "DiskPressure, True, DEGRADED",
            "PIDPressure, True, DEGRADED",
            "FrequentKubeletRestart, True, DEGRADED",
            "SysLogsXIDError, False, TRUSTED",
            "MemoryPressure, False, TRUSTED",
            "NetworkUnavailable, False, TRUSTED"})
    void eachConditionTypeGivesItsVerdictWithTheConditionInWords(String type, String status, NodeVerdict expected)
            throws IOException {
        ObjectNode n = healthyNode();
        addCondition(n, type, status, "SomeReason", "details from the agent");
        TrustAssessment t = assess(n);
        assertEquals(expected, t.verdict());
        if (expected != NodeVerdict.TRUSTED) {
            assertTrue(t.reasonText().contains(type + " (SomeReason): details from the agent"), t.reasonText());
        }
    }

    @Test
    void readyFalseOrUnknownIsNotReadyAndOutranksEverythingElse() throws IOException {
        ObjectNode n = capturedDegradedNode();
        ((ObjectNode) n.path("status").path("conditions").get(0)).put("status", "Unknown")
                .put("reason", "NodeStatusUnknown").put("message", "Kubelet stopped posting node status.");
        addCondition(n, "SysLogsXIDError", "True", "XID79", "GPU has fallen off the bus");
        TrustAssessment t = assess(n);
        assertEquals(NodeVerdict.NOT_READY, t.verdict());
        assertEquals(3, t.reasons().size());
        assertEquals("Ready=Unknown (NodeStatusUnknown): Kubelet stopped posting node status.", t.reasons().get(0));
        assertEquals("SysLogsXIDError (XID79): GPU has fallen off the bus", t.reasons().get(1));
        assertEquals("1 of 8 GPUs withdrawn", t.reasons().get(2));
    }

    @Test
    void allGpusWithdrawnIsUntrusted() throws IOException {
        ObjectNode n = healthyNode();
        n.with("status").with("allocatable").put("nvidia.com/gpu", "0");
        TrustAssessment t = assess(n);
        assertEquals(NodeVerdict.UNTRUSTED, t.verdict());
        assertEquals("8 of 8 GPUs withdrawn", t.reasonText());
    }

    @Test
    void devicePluginNotAdvertisingIsDegraded() throws IOException {
        ObjectNode n = healthyNode();
        n.with("status").with("capacity").remove("nvidia.com/gpu");
        n.with("status").with("allocatable").remove("nvidia.com/gpu");
        TrustAssessment t = assess(n);
        assertEquals(NodeVerdict.DEGRADED, t.verdict());
        assertEquals("device plugin advertises 0 of 8 GPUs", t.reasonText());
    }

    @Test
    void preflightPendingTaintGatesTheNode() throws IOException {
        ObjectNode n = healthyNode();
        n.with("spec").withArray("taints").addObject().put("key", "flightdeck.dev/preflight").put("value", "pending")
                .put("effect", "NoSchedule");
        TrustAssessment t = assess(n);
        assertEquals(NodeVerdict.GATED, t.verdict());
        assertEquals("preflight pending", t.reasonText());
    }

    @Test
    void preflightFailedShowsAgeAndDetail() throws IOException {
        ObjectNode n = healthyNode();
        n.with("spec").withArray("taints").addObject().put("key", "flightdeck.dev/preflight").put("value", "failed")
                .put("effect", "NoSchedule");
        n.with("metadata").with("labels").put("flightdeck.dev/preflight", "failed");
        n.with("metadata").with("annotations").put("flightdeck.dev/preflight-at", "2026-11-22T02:00:00Z")
                .put("flightdeck.dev/preflight-detail", "dcgmi diag -r 1: PCIe bandwidth low on GPU 6");
        TrustAssessment t = assess(n);
        assertEquals(NodeVerdict.GATED, t.verdict());
        assertEquals("preflight failed 2h ago: dcgmi diag -r 1: PCIe bandwidth low on GPU 6", t.reasonText());
    }

    @Test
    void failedPreflightWithoutItsGateIsUntrusted() throws IOException {
        ObjectNode n = healthyNode();
        n.with("metadata").with("labels").put("flightdeck.dev/preflight", "failed");
        assertEquals(NodeVerdict.UNTRUSTED, assess(n).verdict());
    }

    @Test
    void renamedPreflightKeyIsHonoured() throws IOException {
        ObjectNode n = healthyNode();
        n.with("spec").withArray("taints").addObject().put("key", "example.com/gpu-validation").put("value", "pending")
                .put("effect", "NoSchedule");
        NodeFacts facts = NodeProjector.parse(KubeJson.MAPPER.writeValueAsBytes(n));
        PreflightConvention renamed = new PreflightConvention("example.com/gpu-validation");
        assertEquals(NodeVerdict.GATED, GpuTrustRules.assess(facts, PreflightReader.read(facts, renamed), NOW).verdict());
        assertEquals(NodeVerdict.TRUSTED, GpuTrustRules.assess(facts,
                PreflightReader.read(facts, PreflightConvention.DEFAULT), NOW).verdict());
    }

    @Test
    void gkeMaintenanceLabelIsMaintenanceWithItsTime() throws IOException {
        ObjectNode n = healthyNode();
        long inThreeHours = NOW.plusSeconds(3 * 3600).getEpochSecond();
        n.with("metadata").with("labels").put("cloud.google.com/scheduled-maintenance-time", Long.toString(inThreeHours));
        TrustAssessment t = assess(n);
        assertEquals(NodeVerdict.MAINTENANCE, t.verdict());
        assertEquals("maintenance scheduled in 3h (2026-11-22T07:00:00Z)", t.reasonText());
    }

    @Test
    void cordonIsReadFromTheConsolesAnnotations() throws IOException {
        ObjectNode n = healthyNode();
        n.with("spec").put("unschedulable", true);
        n.with("metadata").with("annotations").put("flightdeck.dev/cordon-reason", "IB cable swap")
                .put("flightdeck.dev/cordoned-by", "alice@example.com").put("flightdeck.dev/cordoned-at", "2026-11-22T03:00:00Z");
        CordonState c = PreflightReader.cordon(NodeProjector.parse(KubeJson.MAPPER.writeValueAsBytes(n)));
        assertEquals(new CordonState(true, "IB cable swap", "alice@example.com", Instant.parse("2026-11-22T03:00:00Z")), c);
    }
}
