package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.TrustAssessment;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GangAssemblerTest {

    private static final Instant CREATED = Instant.parse("2026-11-22T01:00:00Z");
    private static final Instant LATER = CREATED.plusSeconds(3600);
    private static final GangKey KEY = new GangKey(GangSystem.INDEXED_JOB, "ml", "train");

    /** A rank of the Indexed Job "train" as the Job controller labels it. */
    private static PodFacts rank(int i, String phase, String node, String reason, boolean ready) {
        return new PodFacts("ml", "train-" + i + "-x", "uid-" + i, node, phase, ready, 0, 8, "Job", "train",
                Map.of("batch.kubernetes.io/job-name", "train", "batch.kubernetes.io/job-completion-index", "" + i),
                Map.of("flightdeck.dev/checkpoint-time", "2026-11-22T01:30:00Z"), CREATED, reason, false, false);
    }

    private static PodFacts running(int i) {
        return rank(i, "Running", "gpu-node-00" + i, null, true);
    }

    private static Gang assemble(Instant now, Function<String, GpuNode> nodes, PodFacts... pods) {
        List<RankNumbering.Member> members = new ArrayList<>();
        for (PodFacts p : pods) {
            members.add(new RankNumbering.Member(GangAdapters.identify(p).orElseThrow(), p));
        }
        return GangAssembler.assemble(KEY, members, nodes, now);
    }

    private static Gang assemble(PodFacts... pods) {
        return assemble(LATER, n -> null, pods);
    }

    @Test
    void allRanksReadyIsRunningWithGpuTotals() {
        Gang g = assemble(running(0), running(1), running(2), running(3));
        assertEquals(GangVerdict.RUNNING, g.verdict());
        assertEquals(4, g.expected());
        assertEquals(4, g.ready());
        assertEquals(8, g.gpusPerRank());
        assertEquals(32, g.gpusTotal());
        assertEquals(4, g.nodesUsed());
        assertTrue(g.reasons().isEmpty());
        assertEquals("2026-11-22T01:30:00Z", g.annotations().get("flightdeck.dev/checkpoint-time"));
    }

    @Test
    void oneFailedRankHaltsTheWholeGangAndSaysWhichAndWhy() {
        Gang g = assemble(running(0), rank(1, "Failed", "gpu-node-001", "Error (exit 1): NCCL error", false), running(2));
        assertEquals(GangVerdict.HALTED, g.verdict());
        assertEquals(List.of("rank 1 Failed on gpu-node-001: Error (exit 1): NCCL error"), g.reasons());
        assertEquals(RankState.FAILED, g.ranks().get(1).state());
    }

    @Test
    void evictedAndCrashLoopingRanksHalt() {
        assertEquals(GangVerdict.HALTED, assemble(running(0),
                rank(1, "Failed", "gpu-node-001", "Evicted: The node was low on resource: memory.", false)).verdict());
        Gang crash = assemble(running(0), rank(1, "Running", "gpu-node-001", "CrashLoopBackOff: back-off 5m0s", false));
        assertEquals(GangVerdict.HALTED, crash.verdict());
        assertEquals(RankState.CRASHING, crash.ranks().get(1).state());
    }

    @Test
    void aMissingRankHaltsTheGang() {
        Gang g = assemble(running(0), running(2));
        assertEquals(GangVerdict.HALTED, g.verdict());
        assertEquals(RankState.MISSING, g.ranks().get(1).state());
        assertEquals(List.of("rank 1 missing"), g.reasons());
    }

    @Test
    void aPendingRankIsStartingWhenYoungAndDegradedWhenOld() {
        PodFacts pending = rank(1, "Pending", null,
                "0/4 nodes are available: 1 node(s) had untolerated taint {flightdeck.dev/preflight: pending}", false);
        assertEquals(GangVerdict.STARTING, assemble(CREATED.plusSeconds(120), n -> null, running(0), pending).verdict());
        Gang old = assemble(running(0), pending);
        assertEquals(GangVerdict.DEGRADED, old.verdict());
        assertEquals(List.of("rank 1 Pending: 0/4 nodes are available: 1 node(s) had untolerated taint "
                + "{flightdeck.dev/preflight: pending}"), old.reasons());
    }

    @Test
    void allSucceededIsFinishedAndAFailedEndIsFailed() {
        assertEquals(GangVerdict.FINISHED, assemble(rank(0, "Succeeded", "n", null, false),
                rank(1, "Succeeded", "n", null, false)).verdict());
        assertEquals(GangVerdict.FAILED, assemble(rank(0, "Succeeded", "n", null, false),
                rank(1, "Failed", "n", "Error (exit 2)", false)).verdict());
    }

    @Test
    void aRankOnAnUntrustedNodePutsTheGangAtRiskAndSaysWhy() {
        GpuNode bad = TestNodes.withVerdict("gpu-node-002", new TrustAssessment(NodeVerdict.UNTRUSTED,
                List.of("SysLogsXIDError (XID79): GPU has fallen off the bus")));
        Gang g = assemble(LATER, n -> n.equals("gpu-node-002") ? bad : null, running(0), running(1), running(2));
        assertEquals(GangVerdict.RUNNING, g.verdict(), "all ranks still run");
        assertTrue(g.atRisk());
        assertEquals(List.of("rank 2 on gpu-node-002 which is untrusted: SysLogsXIDError (XID79): GPU has fallen off the bus"),
                g.reasons());
        assertFalse(g.ranks().get(0).onUntrustedNode());
    }

    @Test
    void aReplacementPodWinsOverTheTerminatingOne() {
        PodFacts old = new PodFacts("ml", "train-1-old", "u-old", "gpu-node-001", "Running", true, 0, 8, "Job", "train",
                Map.of("batch.kubernetes.io/job-name", "train", "batch.kubernetes.io/job-completion-index", "1"), Map.of(),
                CREATED, null, false, true);
        Gang g = assemble(running(0), old, rank(1, "Pending", null, "waiting", false));
        assertEquals(2, g.expected());
        assertEquals(RankState.PENDING, g.ranks().get(1).state());
    }

    @Test
    void manyBrokenRanksAreSummarisedNotListedEndlessly() {
        List<PodFacts> pods = new ArrayList<>();
        pods.add(running(0));
        for (int i = 1; i <= 20; i++) {
            pods.add(rank(i, "Failed", "n" + i, "Error (exit 1)", false));
        }
        Gang g = assemble(pods.toArray(PodFacts[]::new));
        assertEquals(9, g.reasons().size(), "eight lines and a count");
        assertEquals("rank 1 Failed on n1: Error (exit 1)", g.reasons().getFirst());
        assertEquals("and 12 more", g.reasons().getLast());
    }

    @Test
    void ranksSharingACauseShareOneLine() {
        String why = "0/4 nodes are available: 4 Insufficient nvidia.com/gpu";
        List<PodFacts> pods = new ArrayList<>();
        pods.add(running(0));
        for (int i = 1; i <= 7; i++) {
            pods.add(rank(i, "Pending", null, why, false));
        }
        Gang g = assemble(pods.toArray(PodFacts[]::new));
        assertEquals(List.of("ranks 1, 2, 3, 4, 5 and 2 more Pending: " + why), g.reasons());
    }
}
