package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A job Kueue holds is one gang from queued to running: QUEUED without pods, the pod-formed gang once they come. */
class QueuedGangBookTest {

    private static final Instant QUEUED_AT = Instant.parse("2026-11-27T10:00:00Z");
    private static final Instant NOW = QUEUED_AT.plusSeconds(3600);
    private static final GangKey KEY = new GangKey(GangSystem.INDEXED_JOB, "training", "run-big");
    private static final String WHY = "waiting for quota in ClusterQueue research: 16 GPUs more needed in flavor h100 "
            + "(16 of 16 in use by training/run-small)";

    /** The suspended Indexed Job as its watcher reads it: 2 ranks, no phase. */
    private static WorkloadObject suspendedJob() {
        return new WorkloadObject("batch/jobs", "training", "run-big",
                List.of(new WorkloadFacts(KEY, 2, null, Map.of("flightdeck.dev/checkpoint-prefix", "s3://ck/run-big/"),
                        QUEUED_AT)));
    }

    private static PodFacts rank(int i) {
        return new PodFacts("training", "run-big-" + i + "-x", "uid-" + i, "gpu-node-00" + i, "Running", true, 0, 8,
                "Job", "run-big", Map.of("batch.kubernetes.io/job-name", "run-big",
                "batch.kubernetes.io/job-completion-index", "" + i), Map.of(), NOW.minusSeconds(60), null, false, false);
    }

    private static GangBook book() {
        GangBook b = new GangBook();
        b.putWorkload(suspendedJob());
        b.queued(Map.of(KEY, new QueuedGang(KEY, 2, 16, QUEUED_AT, WHY)));
        b.rebuild(n -> null, NOW);
        return b;
    }

    @Test
    void aQueuedJobIsAQueuedGangWithKueuesReasonItsGpusAndSinceWhen() {
        GangBook b = book();
        assertEquals(1, b.gangs().size());
        Gang g = b.gang(KEY);
        assertEquals(GangVerdict.QUEUED, g.verdict());
        assertEquals(List.of(WHY), g.reasons());
        assertEquals(16, g.gpusTotal());
        assertEquals(8, g.gpusPerRank());
        assertEquals(2, g.expected());
        assertEquals(0, g.present());
        assertEquals(QUEUED_AT, g.created()); // its age is its time in the queue
        assertEquals("s3://ck/run-big/", g.annotations().get("flightdeck.dev/checkpoint-prefix"));
        assertFalse(g.needsAttention());
        assertTrue(g.ranks().stream().allMatch(r -> r.state() == RankState.MISSING));
    }

    @Test
    void aQueuedGangHasNothingAtRiskAndIsCountedAsQueued() {
        var risk = dev.flightdeck.app.checkpoints.GangRisk.of(book().gangs(),
                g -> dev.flightdeck.app.checkpoints.CheckpointStatus.none(), NOW);
        assertEquals(1, risk.count(GangVerdict.QUEUED));
        assertEquals(0, risk.noCheckpoint(), "no work done, so no checkpoint missing");
        assertEquals(0.0, risk.gpuHoursAtRisk());
        assertEquals(0, risk.haltedGpus());
    }

    @Test
    void onceItsPodsExistItIsThePodFormedGangAndNotASecondOne() {
        GangBook b = book();
        b.put(rank(0));
        b.put(rank(1));
        b.rebuild(n -> null, NOW);
        assertEquals(1, b.gangs().size());
        assertEquals(GangVerdict.RUNNING, b.gang(KEY).verdict());
        assertEquals(2, b.gang(KEY).ready());
    }

    @Test
    void admittedWithoutPodsYetItIsTheJobsGangAgainAndAQueuedJobWithoutGangObjectGoesWithItsWorkload() {
        GangBook b = book();
        b.queued(Map.of());
        b.rebuild(n -> null, NOW);
        assertEquals(GangVerdict.HALTED, b.gang(KEY).verdict(), "as before Kueue: an hour-old job with every rank missing");

        GangKey ray = new GangKey(GangSystem.KUEUE, "ml", "tune");
        b.queued(Map.of(ray, new QueuedGang(ray, 3, 24, QUEUED_AT, "waiting")));
        b.rebuild(n -> null, NOW);
        assertEquals(GangVerdict.QUEUED, b.gang(ray).verdict());
        assertEquals(3, b.gang(ray).expected());
        b.queued(Map.of());
        GangBook.Changes c = b.rebuild(n -> null, NOW);
        assertNull(b.gang(ray));
        assertTrue(c.removed().contains(ray));
    }
}
