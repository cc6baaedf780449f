package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.GpuHealthFinding;
import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.GpuActivityFinding;
import dev.flightdeck.app.watch.WatchEvent;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GPU telemetry's findings change what the model says: a node whose GPU failed a row remapping is untrusted (and its
 * gang's rank shows it), a running gang judged stalled is stalled; when the findings go (telemetry stopped answering,
 * or the GPU is fine again) both are back to what the objects say.
 */
class ClusterModelTelemetryTest {

    private static final Instant NOW = Instant.parse("2026-11-27T14:30:00Z");

    @Test
    void telemetrysFindingsMakeANodeUntrustedAndAGangStalledUntilTheyGo() throws Exception {
        try (ClusterModel model = new ClusterModel(PreflightConvention.DEFAULT, Clock.fixed(NOW, ZoneOffset.UTC))) {
            List<NodeFacts> nodes = new ArrayList<>();
            List<PodFacts> pods = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                nodes.add(ModelFacts.gpuNode("gpu-node-00" + i));
                pods.add(ModelFacts.rank(i, NOW));
            }
            model.onNodeEvent(new WatchEvent.Relisted<>(nodes));
            model.onPodEvent(new WatchEvent.Relisted<>(pods));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            Gang gang = model.gangs().getFirst();
            assertEquals(GangVerdict.RUNNING, gang.verdict());

            String remap = "GPU 3 failed a row remapping (no spare rows left; DCGM)";
            String stalled = "every rank Running, all 32 GPUs under 5% for 12 min (since 14:18 UTC): a hung collective? 6.4 GPU-hours burned";
            model.onTelemetry(new GpuTelemetryFindings(Map.of("gpu-node-002", List.of(new GpuHealthFinding(NodeVerdict.UNTRUSTED, remap))),
                    Map.of(gang.key(), new GpuActivityFinding(GangVerdict.STALLED, stalled))));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals(NodeVerdict.UNTRUSTED, model.node("gpu-node-002").verdict());
            assertEquals(List.of(remap), model.node("gpu-node-002").trust().reasons());
            Gang now = model.gangs().getFirst();
            assertEquals(GangVerdict.STALLED, now.verdict());
            assertEquals(stalled, now.reasons().getFirst());
            assertTrue(now.atRisk(), "rank 2 sits on the node telemetry distrusts");

            model.onTelemetry(GpuTelemetryFindings.NONE);
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals(NodeVerdict.TRUSTED, model.node("gpu-node-002").verdict());
            assertEquals(GangVerdict.RUNNING, model.gangs().getFirst().verdict());
            assertTrue(!model.gangs().getFirst().atRisk());
        }
    }
}
