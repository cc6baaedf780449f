package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.CordonState;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PreflightGate;
import dev.flightdeck.app.nodes.PreflightState;
import dev.flightdeck.app.nodes.TrustAssessment;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.flightdeck.views.nodes.TestNodes.NOW;
import static dev.flightdeck.views.nodes.TestNodes.node;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Row renderers are pure functions of a node: no scene needed. */
class NodeCellsTest {

    private static GpuNode gpu(NodeFacts f, PreflightState p, CordonState c) {
        return new GpuNode(f, p, c, new TrustAssessment(NodeVerdict.TRUSTED, List.of()), 2, 16);
    }

    @Test
    void gpusShowWithdrawnDevicesInWords() {
        assertEquals("8/8", NodeCells.gpus(gpu(node("n").build(), PreflightState.NONE, CordonState.NONE)));
        assertEquals("6/8 · 2 withdrawn",
                NodeCells.gpus(gpu(node("n").gpus(8, 6).build(), PreflightState.NONE, CordonState.NONE)));
    }

    @Test
    void preflightShowsGateResultAndAge() {
        GpuNode none = gpu(node("n").build(), PreflightState.NONE, CordonState.NONE);
        assertEquals("—", NodeCells.preflight(none, NOW));
        GpuNode running = gpu(node("n").build(),
                new PreflightState(PreflightGate.PENDING, "running", NOW.minusSeconds(240), null), CordonState.NONE);
        assertEquals("pending · running 4m ago", NodeCells.preflight(running, NOW));
        GpuNode passed = gpu(node("n").build(),
                new PreflightState(PreflightGate.OPEN, "passed", NOW.minusSeconds(3 * 3600), null), CordonState.NONE);
        assertEquals("open · passed 3h ago", NodeCells.preflight(passed, NOW));
    }

    @Test
    void cordonSaysWhoAndWhy() {
        NodeFacts f = node("n").build();
        assertEquals("", NodeCells.cordon(gpu(f, PreflightState.NONE, CordonState.NONE)));
        assertEquals("alice: bad cable", NodeCells.cordon(gpu(f, PreflightState.NONE,
                new CordonState(true, "bad cable", "alice", NOW))));
        assertEquals("cordoned", NodeCells.cordon(gpu(f, PreflightState.NONE, new CordonState(true, null, null, null))));
    }

    @Test
    void readinessAndTaintsAndPods() {
        GpuNode down = gpu(node("n").notReady().taint("flightdeck.dev/preflight", "failed", "NoSchedule")
                .taint("nvidia.com/gpu", "", "NoSchedule").build(), PreflightState.NONE, CordonState.NONE);
        assertEquals("NotReady", NodeCells.ready(down));
        assertEquals("NotReady (KubeletNotReady)", NodeCells.readyWithReason(down));
        assertEquals("flightdeck.dev/preflight=failed:NoSchedule, nvidia.com/gpu:NoSchedule", NodeCells.taints(down));
        assertEquals("2 (16 GPUs)", NodeCells.pods(down));
    }
}
