package dev.flightdeck.app.model;

import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.queues.KueueKind;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.KueueProjector;
import dev.flightdeck.app.watch.WatchEvent;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kueue's objects through the fleet model: folded into the queues, the waiting job a queued gang. The queue snapshot
 * is built at most twice a second under churn, yet a reader waiting for the fold sees every change before it, and a
 * change the model put off is built without another change to carry it.
 */
class ClusterModelQueuesTest {

    private static final GangKey RUN_BIG = new GangKey(GangSystem.INDEXED_JOB, "training", "run-big");

    private static KueueObject read(KueueKind kind, String file) throws Exception {
        return new KueueProjector(kind).parse(Fixtures.bytes("upstream/kueue-v0.19.2/objects/" + file));
    }

    @Test
    void aWaitingWorkloadIsAQueuedGangAndEveryChangeBeforeABarrierIsShown() throws Exception {
        try (ClusterModel model = new ClusterModel(PreflightConvention.DEFAULT, Clock.fixed(Instant.parse(
                "2026-11-27T11:00:00Z"), ZoneOffset.UTC))) {
            model.queueSink(KueueKind.CLUSTER_QUEUE).accept(new WatchEvent.Relisted<>(List.of(read(KueueKind.CLUSTER_QUEUE,
                    "clusterqueue-research.json"))));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals(1, model.queues().clusterQueues().size());
            // right after that snapshot, within the interval: the barrier still gets it built
            KueueObject pending = read(KueueKind.WORKLOAD, "workload-pending.json");
            model.queueSink(KueueKind.WORKLOAD).accept(new WatchEvent.Relisted<>(List.of(pending,
                    read(KueueKind.WORKLOAD, "workload-admitted.json"))));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals(1, model.queues().queued().size());
            assertEquals(GangVerdict.QUEUED, model.gang(RUN_BIG).verdict());
            assertEquals(16, model.gang(RUN_BIG).gpusTotal());

            // admitted now (its Workload gone from the queue): no barrier, the put-off snapshot comes by itself
            model.queueSink(KueueKind.WORKLOAD).accept(new WatchEvent.Deleted<>(pending));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!model.queues().queued().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(model.queues().queued().isEmpty(), "the deferred snapshot was never built");
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertNull(model.gang(RUN_BIG));
        }
    }

    @Test
    void aPendingRankOfAJobKueueAdmittedSaysSoThenWhatHoldsItOnTheNodes() throws Exception {
        GangKey runSmall = new GangKey(GangSystem.INDEXED_JOB, "training", "run-small");
        try (ClusterModel model = new ClusterModel(PreflightConvention.DEFAULT, Clock.fixed(Instant.parse(
                "2026-11-27T11:00:00Z"), ZoneOffset.UTC))) {
            model.queueSink(KueueKind.WORKLOAD).accept(new WatchEvent.Relisted<>(List.of(
                    read(KueueKind.WORKLOAD, "workload-admitted.json"))));
            // one gated H100 node with room, one trusted node full
            model.onNodeEvent(new WatchEvent.Relisted<>(List.of(
                    node("gpu-node-001", List.of(new dev.flightdeck.app.nodes.Taint("flightdeck.dev/preflight", "pending",
                            "NoSchedule"))), node("gpu-node-002", List.of()))));
            String said = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint "
                    + "{flightdeck.dev/preflight: pending}.";
            model.onPodEvent(new WatchEvent.Relisted<>(List.of(rank(0, "gpu-node-002", "Running", null),
                    rank(1, null, "Pending", said))));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals("rank 1 Pending: admitted by Kueue; held by taints: 1 of 1 fitting node (8 GPUs free) carries "
                    + "the preflight gate; scheduler: " + said, model.gang(runSmall).reasonText());
        }
    }

    private static dev.flightdeck.app.nodes.NodeFacts node(String name, List<dev.flightdeck.app.nodes.Taint> taints) {
        return new dev.flightdeck.app.nodes.NodeFacts(name, "uid-" + name, "1", Instant.parse("2026-11-27T09:00:00Z"),
                java.util.Map.of("nvidia.com/gpu.present", "true"), java.util.Map.of(), false, taints,
                List.of(new dev.flightdeck.app.nodes.NodeCondition("Ready", "True", "KubeletReady", "", null)), 8, 8);
    }

    private static dev.flightdeck.app.nodes.PodFacts rank(int i, String node, String phase, String reason) {
        return new dev.flightdeck.app.nodes.PodFacts("training", "run-small-" + i + "-x", "uid-" + i, node, phase,
                "Running".equals(phase), 0, 8, "Job", "run-small", java.util.Map.of("batch.kubernetes.io/job-name",
                "run-small", "batch.kubernetes.io/job-completion-index", "" + i), java.util.Map.of(),
                Instant.parse("2026-11-27T10:05:00Z"), reason, false, false);
    }
}
