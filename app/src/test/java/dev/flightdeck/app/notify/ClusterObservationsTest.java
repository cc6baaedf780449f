package dev.flightdeck.app.notify;

import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A cluster's gangs read into what notifications care about: halted or failed gangs, untrusted nodes carrying ranks. */
class ClusterObservationsTest {

    private static RankSlot rank(int r, String node, RankState state, NodeVerdict verdict, String why) {
        return new RankSlot(r, "", "pod-" + r, node, state, 0, 8, null, verdict, why);
    }

    private static Gang gang(String name, GangVerdict verdict, List<String> reasons, RankSlot... ranks) {
        return new Gang(new GangKey(GangSystem.INDEXED_JOB, "training", name), ranks.length, ranks.length, ranks.length, 8,
                8 * ranks.length, ranks.length, Instant.EPOCH, verdict, reasons, false, List.of(ranks), Map.of());
    }

    @Test
    void haltedAndFailedGangsWithTheirFirstReasonAndUntrustedNodesWithTheGangsOnThem() {
        Gang halted = gang("rlhf", GangVerdict.HALTED, List.of("rank 5 failed: NCCL error", "rank 7 on a degraded node"),
                rank(0, "n1", RankState.RUNNING, NodeVerdict.TRUSTED, null),
                rank(5, "n13", RankState.FAILED, NodeVerdict.UNTRUSTED, "XID 79"));
        Gang running = gang("pretrain", GangVerdict.RUNNING, List.of(),
                rank(0, "n13", RankState.RUNNING, NodeVerdict.UNTRUSTED, "XID 79"),
                rank(1, "n20", RankState.RUNNING, NodeVerdict.NOT_READY, "kubelet stopped"));
        Gang failed = gang("sweep", GangVerdict.FAILED, List.of());
        Gang finished = gang("done", GangVerdict.FINISHED, List.of(),
                rank(0, "n14", RankState.SUCCEEDED, NodeVerdict.UNTRUSTED, "XID 48"));

        ClusterObservation o = ClusterObservations.of("prod", List.of(running, finished, failed, halted), List.of(), true);

        assertEquals("prod", o.cluster());
        assertEquals(true, o.reachable());
        assertEquals(List.of("training/rlhf", "training/sweep"), List.copyOf(o.halted().keySet()), "worst first");
        assertEquals("halted: rank 5 failed: NCCL error", o.halted().get("training/rlhf"));
        assertEquals("failed", o.halted().get("training/sweep"));
        assertEquals(Map.of("n13", "carries ranks of training/pretrain, training/rlhf: XID 79"), o.untrusted(),
                "untrusted only (not ready is the node screen's), and not a finished gang's node");
    }
}
