package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.CordonState;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.PreflightGate;
import dev.flightdeck.app.nodes.PreflightState;
import dev.flightdeck.app.nodes.Taint;
import dev.flightdeck.app.nodes.TrustAssessment;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class WhyWaitingTest {

    private static final GangKey TRAIN = new GangKey(GangSystem.INDEXED_JOB, "ml", "train");
    private static final Taint GATE = new Taint("flightdeck.dev/preflight", "pending", "NoSchedule");
    private static final Taint TEAM = new Taint("team", "vision", "NoSchedule");
    private static final Taint GPU_OPERATOR = new Taint("nvidia.com/gpu", "present", "NoSchedule");
    /** kube-scheduler 1.32's words for 64 nodes, 6 gated, 2 full. */
    private static final String SAID = "0/64 nodes are available: 6 node(s) had untolerated taint "
            + "{flightdeck.dev/preflight: pending}, 58 Insufficient nvidia.com/gpu. preemption: 0/64 nodes are "
            + "available: 6 Preemption is not helpful for scheduling, 58 No preemption victims found for incoming pod.";

    private static GpuNode node(String name, int gpusInUse, NodeVerdict verdict, boolean cordoned, Taint... taints) {
        boolean gated = List.of(taints).contains(GATE);
        NodeFacts facts = new NodeFacts(name, "uid-" + name, "1", null, Map.of("nvidia.com/gpu.present", "true"),
                Map.of(), cordoned, List.of(taints), List.of(), 8, 8);
        return new GpuNode(facts, gated ? new PreflightState(PreflightGate.PENDING, null, null, null) : PreflightState.NONE,
                cordoned ? new CordonState(true, null, null, null) : CordonState.NONE,
                new TrustAssessment(verdict, List.of()), gpusInUse == 0 ? 0 : 1, gpusInUse);
    }

    private static GpuNode free(String name, NodeVerdict verdict, Taint... taints) {
        return node(name, 0, verdict, false, taints);
    }

    /** 6 gated nodes with room, 2 untrusted ones with room, 56 full ones. */
    private static List<GpuNode> gatedFleet() {
        List<GpuNode> nodes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            nodes.add(free("gated-" + i, NodeVerdict.GATED, GATE));
        }
        nodes.add(free("xid-0", NodeVerdict.UNTRUSTED));
        nodes.add(free("xid-1", NodeVerdict.UNTRUSTED));
        for (int i = 0; i < 56; i++) {
            nodes.add(node("full-" + i, 8, NodeVerdict.TRUSTED, false));
        }
        return nodes;
    }

    @Test
    void admittedRankHeldByTheGateThenTrustThenTheScheduler() {
        WhyWaiting why = new WhyWaiting(gatedFleet(), Set.of(TRAIN));
        assertEquals("admitted by Kueue; held by taints: 6 of 8 fitting nodes (8 GPUs free) carry the preflight gate; "
                + "node trust: 2 of 8 are untrusted; scheduler: " + SAID, why.pendingRank(TRAIN, 8, SAID));
    }

    @Test
    void withoutKueueTheLayersStartAtTheTaints() {
        WhyWaiting why = new WhyWaiting(gatedFleet(), Set.of());
        assertEquals("held by taints: 6 of 8 fitting nodes (8 GPUs free) carry the preflight gate; node trust: 2 of 8 "
                + "are untrusted; scheduler: " + SAID, why.pendingRank(TRAIN, 8, SAID));
    }

    @Test
    void aSmallerRankFitsOnMoreNodes() {
        List<GpuNode> nodes = new ArrayList<>(gatedFleet());
        nodes.add(node("half-full", 4, NodeVerdict.TRUSTED, false));
        WhyWaiting why = new WhyWaiting(nodes, Set.of());
        assertEquals("held by taints: 6 of 9 fitting nodes (4 GPUs free) carry the preflight gate; node trust: 2 of 9 "
                + "are untrusted", why.pendingRank(TRAIN, 4, null));
    }

    @Test
    void aTeamTaintCountsOnlyWhenTheSchedulerNamesIt() {
        List<GpuNode> nodes = List.of(free("a", NodeVerdict.TRUSTED, TEAM, GPU_OPERATOR),
                free("b", NodeVerdict.TRUSTED, TEAM, GPU_OPERATOR), node("c", 0, NodeVerdict.TRUSTED, true, GPU_OPERATOR));
        String said = "0/3 nodes are available: 1 node(s) were unschedulable, 2 node(s) had untolerated taint {team: vision}.";
        WhyWaiting why = new WhyWaiting(nodes, Set.of());
        assertEquals("held by taints: 2 of 3 fitting nodes (8 GPUs free) carry taint team=vision:NoSchedule, 1 is "
                + "cordoned; scheduler: " + said, why.pendingRank(TRAIN, 8, said));
        // without the scheduler's word the console cannot tell which taints the pod tolerates: only the cordon is sure
        assertEquals("held by taints: 1 of 3 fitting nodes (8 GPUs free) is cordoned", why.pendingRank(TRAIN, 8, null));
    }

    @Test
    void theGateDoesNotCountWhenTheSchedulerNamesOtherTaintsOnly() {
        // a validation pod tolerates the gate: the scheduler names the team taint, not the gate
        List<GpuNode> nodes = List.of(free("a", NodeVerdict.GATED, GATE), free("b", NodeVerdict.TRUSTED, TEAM));
        String said = "0/2 nodes are available: 1 node(s) had untolerated taint {team: vision}, 1 node(s) didn't match "
                + "Pod's node affinity/selector.";
        assertEquals("held by taints: 1 of 2 fitting nodes (8 GPUs free) carries taint team=vision:NoSchedule; "
                + "scheduler: " + said, new WhyWaiting(nodes, Set.of()).pendingRank(TRAIN, 8, said));
    }

    @Test
    void notReadyIsSaidBeforeUntrustedOnlyByItsOwnCount() {
        List<GpuNode> nodes = List.of(free("a", NodeVerdict.NOT_READY), free("b", NodeVerdict.UNTRUSTED),
                free("c", NodeVerdict.UNTRUSTED), free("d", NodeVerdict.TRUSTED));
        assertEquals("node trust: 1 of 4 fitting nodes (8 GPUs free) is not ready, 2 are untrusted",
                new WhyWaiting(nodes, Set.of()).pendingRank(TRAIN, 8, null));
    }

    @Test
    void theSchedulerAloneKeepsItsWords() {
        List<GpuNode> full = List.of(node("a", 8, NodeVerdict.TRUSTED, false, GATE));
        String said = "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.";
        assertEquals(said, new WhyWaiting(full, Set.of()).pendingRank(TRAIN, 8, said), "no node has room: nothing to add");
        assertEquals(said, WhyWaiting.NONE.pendingRank(TRAIN, 8, said));
        assertEquals(said, new WhyWaiting(gatedFleet(), Set.of()).pendingRank(TRAIN, 0, said), "a CPU rank: GPU nodes say nothing");
        assertNull(WhyWaiting.NONE.pendingRank(TRAIN, 8, null));
        assertEquals("admitted by Kueue", new WhyWaiting(full, Set.of(TRAIN)).pendingRank(TRAIN, 8, null));
    }

    @Test
    void theSchedulersTaintKeysAreReadInBothSpellings() {
        assertEquals(Set.of("flightdeck.dev/preflight", "team"), WhyWaiting.namedTaints(
                "0/9 nodes are available: 3 node(s) had untolerated taint {flightdeck.dev/preflight: pending}, "
                        + "6 node(s) had taint {team: }, that the pod didn't tolerate."));
        assertNull(WhyWaiting.namedTaints("0/9 nodes are available: 9 Insufficient nvidia.com/gpu."));
    }

    @Test
    void aPendingRankOfAnAssembledGangSaysWhyAcrossTheLayers() {
        PodFacts pending = new PodFacts("ml", "train-0-x", "uid-0", null, "Pending", false, 0, 8, "Job", "train",
                Map.of("batch.kubernetes.io/job-name", "train", "batch.kubernetes.io/job-completion-index", "0"),
                Map.of(), Instant.parse("2026-11-22T01:00:00Z"), SAID, false, false);
        Gang g = GangAssembler.assemble(TRAIN, List.of(new RankNumbering.Member(GangAdapters.identify(pending).orElseThrow(),
                pending)), null, n -> null, new WhyWaiting(gatedFleet(), Set.of(TRAIN)), Instant.parse("2026-11-22T02:00:00Z"));
        assertEquals("rank 0 Pending: admitted by Kueue; held by taints: 6 of 8 fitting "
                + "nodes (8 GPUs free) carry the preflight gate; node trust: 2 of 8 are untrusted; scheduler: " + SAID,
                g.reasonText());
    }

    @Test
    void aPendingRanksReasonFollowsTheNodesWhenTheirTrustChanges() {
        PodFacts pending = new PodFacts("ml", "train-0-x", "uid-0", null, "Pending", false, 0, 8, "Job", "train",
                Map.of("batch.kubernetes.io/job-name", "train", "batch.kubernetes.io/job-completion-index", "0"),
                Map.of(), Instant.parse("2026-11-22T01:00:00Z"), null, false, false);
        Instant now = Instant.parse("2026-11-22T02:00:00Z");
        GangBook book = new GangBook();
        book.put(pending);
        book.rebuild(n -> null, new WhyWaiting(List.of(free("a", NodeVerdict.GATED, GATE)), Set.of()), now);
        assertEquals("rank 0 Pending: held by taints: 1 of 1 fitting node (8 GPUs free) carries the preflight gate",
                book.gang(TRAIN).reasonText());
        // the gate lifted on node a: the rank is on no node, yet its gang gets a new look
        book.nodesChanged(List.of("a"), n -> List.of());
        GangBook.Changes changes = book.rebuild(n -> null, new WhyWaiting(List.of(free("a", NodeVerdict.UNTRUSTED)), Set.of()), now);
        assertEquals(1, changes.changed().size());
        assertEquals("rank 0 Pending: node trust: 1 of 1 fitting node (8 GPUs free) is untrusted", book.gang(TRAIN).reasonText());
    }
}
