package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.CordonState;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PreflightState;
import dev.flightdeck.app.nodes.TrustAssessment;

import java.util.List;
import java.util.Map;

/** GPU nodes with a given verdict, for gang tests that only care about trust. */
final class TestNodes {

    private TestNodes() {
    }

    static GpuNode withVerdict(String name, TrustAssessment trust) {
        NodeFacts facts = new NodeFacts(name, "uid", "1", null, Map.of("nvidia.com/gpu.present", "true"), Map.of(),
                false, List.of(), List.of(), 8, 8);
        return new GpuNode(facts, PreflightState.NONE, CordonState.NONE, trust, 0, 0);
    }
}
