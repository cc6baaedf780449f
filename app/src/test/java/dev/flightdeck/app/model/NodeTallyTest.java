package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.GpuTrustRules;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.nodes.PreflightReader;
import dev.flightdeck.app.nodes.PreflightState;
import dev.flightdeck.app.nodes.Taint;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Kept node by node, the header's counts equal a count over all nodes after any sequence of changes. */
class NodeTallyTest {

    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    @Test
    void incrementalEqualsCountedFromScratch() {
        Random random = new Random(11);
        Map<String, GpuNode> live = new HashMap<>();
        NodeTally tally = new NodeTally();
        for (int step = 0; step < 5_000; step++) {
            String name = "gpu-node-" + random.nextInt(200);
            GpuNode next = random.nextInt(6) == 0 ? null : node(random, name);
            GpuNode old = next == null ? live.remove(name) : live.put(name, next);
            tally.replace(old, next);
        }
        assertEquals(NodeSummary.of(live.values(), 250, 4_000), tally.summary(250, 4_000));

        live.values().forEach(n -> tally.replace(n, null));
        assertEquals(NodeSummary.of(List.of(), 0, 0), tally.summary(0, 0), "every node gone: nothing left");
    }

    private static GpuNode node(Random random, String name) {
        boolean ready = random.nextInt(5) > 0;
        boolean xid = random.nextInt(7) == 0;
        boolean cordoned = random.nextInt(9) == 0;
        boolean gated = random.nextInt(8) == 0;
        int withdrawn = random.nextInt(10) == 0 ? 1 : 0;
        List<NodeCondition> conditions = xid
                ? List.of(new NodeCondition("Ready", ready ? "True" : "Unknown", "r", "m", NOW),
                new NodeCondition("SysLogsXIDError", "True", "XID79", "Xid 79", NOW))
                : List.of(new NodeCondition("Ready", ready ? "True" : "Unknown", "r", "m", NOW));
        List<Taint> taints = gated ? List.of(new Taint("flightdeck.dev/preflight", "pending", "NoSchedule")) : List.of();
        NodeFacts facts = new NodeFacts(name, "uid-" + name, "1", NOW.minusSeconds(3600),
                Map.of("nvidia.com/gpu.present", "true", "nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"),
                Map.of(), cordoned, taints, conditions, 8, 8 - withdrawn);
        PreflightState pre = PreflightReader.read(facts, PreflightConvention.DEFAULT);
        return new GpuNode(facts, pre, PreflightReader.cordon(facts), GpuTrustRules.assess(facts, pre, NOW),
                random.nextInt(20), random.nextInt(9));
    }
}
