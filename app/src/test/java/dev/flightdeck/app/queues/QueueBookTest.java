package dev.flightdeck.app.queues;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.QueuedGang;
import dev.flightdeck.app.watch.WatchEvent;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueueBookTest {

    private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

    private static KueueObject.Workload pending(String job, int priority, Instant created, KueueObject.Condition evicted) {
        return new KueueObject.Workload("training", "job-" + job + "-x1y2z", new KueueObject.Owner("batch/v1", "Job", job,
                "u-" + job), "research", priority, created, 1, 8, true, null, false, evicted, null, false, null,
                List.of(), List.of());
    }

    private static QueueBook book(KueueObject.Workload... workloads) {
        QueueBook b = new QueueBook();
        b.apply(KueueKind.CLUSTER_QUEUE, new WatchEvent.Relisted<>(List.of(KueueFixtures.research())));
        b.apply(KueueKind.LOCAL_QUEUE, new WatchEvent.Relisted<>(List.of(KueueFixtures.localQueue())));
        b.apply(KueueKind.WORKLOAD, new WatchEvent.Relisted<>(List.of(workloads)));
        return b;
    }

    @Test
    void queueOrderIsPriorityThenTheLongerWaitingAnEvictedOneFromItsEviction() {
        KueueObject.Workload early = pending("early", 0, T0, null);
        KueueObject.Workload late = pending("late", 0, T0.plusSeconds(60), null);
        KueueObject.Workload urgent = pending("urgent", 500, T0.plusSeconds(120), null);
        // created first, but evicted after "late" was created: it queues again from its eviction
        KueueObject.Workload evicted = pending("evicted", 0, T0.minusSeconds(3600),
                new KueueObject.Condition("True", "Preempted", "Preempted to accommodate a workload", T0.plusSeconds(90)));
        QueuesSnapshot s = book(late, evicted, urgent, early, KueueFixtures.admitted()).snapshot();
        assertEquals(List.of("training/urgent", "training/early", "training/late", "training/evicted"),
                s.queued().stream().map(q -> q.workload().jobName()).toList());
        assertEquals(List.of(1, 2, 3, 4), s.queued().stream().map(QueuedWorkload::position).toList());
        assertTrue(s.queued().stream().allMatch(q -> "research".equals(q.clusterQueue())));
        assertEquals(T0.plusSeconds(90), s.queued().get(3).since());
        assertEquals(5, s.workloads());
    }

    @Test
    void pendingWorkloadsAreQueuedGangsKeyedAsTheirJobsPodsWillBe() {
        QueuesSnapshot s = book(KueueFixtures.pending(), KueueFixtures.preempted(), KueueFixtures.admitted()).snapshot();
        GangKey job = new GangKey(GangSystem.INDEXED_JOB, "training", "run-big");
        GangKey jobSet = new GangKey(GangSystem.JOBSET, "training", "sweep");
        assertEquals(java.util.Set.of(job, jobSet), s.gangs().keySet());
        QueuedGang big = s.gangs().get(job);
        assertEquals(2, big.ranks());
        assertEquals(16, big.gpus());
        assertEquals(Instant.parse("2026-11-27T10:00:00Z"), big.since());
        assertEquals("waiting for quota in ClusterQueue research: 16 GPUs more needed in flavor h100 "
                + "(16 of 16 in use by training/run-small)", big.reason());
    }

    @Test
    void aJobOfAKindTheConsoleDoesNotReadIsAKueueWorkloadGang() {
        KueueObject.Workload ray = new KueueObject.Workload("ml", "rayjob-tune-1a2b3", new KueueObject.Owner(
                "ray.io/v1", "RayJob", "tune", "u"), "research", 0, T0, 3, 24, true, null, false, null, null, false,
                null, List.of(), List.of());
        assertEquals(new GangKey(GangSystem.KUEUE, "ml", "tune"), QueuedGangs.keyOf(ray));
    }

    @Test
    void theClusterQueueViewPutsGpusFirst() {
        QueuesSnapshot s = book().snapshot();
        ClusterQueueView cq = s.clusterQueues().getFirst();
        assertEquals(List.of("nvidia.com/gpu", "cpu", "memory"), cq.rows().stream().map(ClusterQueueView.Row::resource).toList());
        assertEquals(new ClusterQueueView.Row("h100", "nvidia.com/gpu", "16", "16", "16", "0", null, "8"), cq.rows().getFirst());
        assertTrue(s.queued().isEmpty());
        assertTrue(s.gangs().isEmpty());
    }

    @Test
    void changesMarkItDirtyADeletionAndARelistReplaceOnlyTheirKind() {
        QueueBook b = book(KueueFixtures.pending());
        assertTrue(b.dirty());
        b.snapshot();
        assertFalse(b.dirty());
        b.apply(KueueKind.WORKLOAD, new WatchEvent.Deleted<>(KueueFixtures.pending()));
        assertTrue(b.dirty());
        QueuesSnapshot s = b.snapshot();
        assertTrue(s.queued().isEmpty());
        assertEquals(1, s.clusterQueues().size());
        b.apply(KueueKind.CLUSTER_QUEUE, new WatchEvent.Relisted<>(List.of()));
        b.apply(KueueKind.WORKLOAD, new WatchEvent.Upserted<>(KueueFixtures.pending()));
        s = b.snapshot();
        assertTrue(s.clusterQueues().isEmpty());
        // its LocalQueue still names research, which is gone
        assertEquals("research", s.queued().getFirst().clusterQueue());
        assertTrue(s.queued().getFirst().reason().startsWith("waiting for quota in ClusterQueue research: 16 GPUs more needed"
                + " in flavor h100"), s.queued().getFirst().reason());
    }

    @Test
    void aQueuedGangRunsWhereEveryFlavorOfItsClusterQueuePointsAndNowhereSaidOtherwise() {
        QueueBook b = book(pending("big", 0, T0, null));
        GangKey big = new GangKey(GangSystem.INDEXED_JOB, "training", "big");
        assertEquals(java.util.Map.of(), b.snapshot().gangs().get(big).nodeValues(), "its flavor h100 is not known yet");

        b.apply(KueueKind.RESOURCE_FLAVOR, new WatchEvent.Relisted<>(List.of(new KueueObject.Flavor("h100",
                java.util.Map.of("example.com/team", "research", "nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"),
                java.util.Map.of("example.com/team", "ignored-under-a-label", "example.com/pool", "reserved")))));
        assertEquals(java.util.Map.of("example.com/team", "research", "nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3",
                        "example.com/pool", "reserved"), b.snapshot().gangs().get(big).nodeValues(),
                "the flavor's node labels, and its taints under keys no label names");
        assertEquals(KueueObject.Flavor.class, KueueFixtures.parse(KueueKind.RESOURCE_FLAVOR,
                KueueFixtures.json("resourceflavor-h100.json")).getClass());
    }
}
