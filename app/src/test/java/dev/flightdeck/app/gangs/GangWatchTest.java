package dev.flightdeck.app.gangs;

import dev.flightdeck.app.SandboxSession;

import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Gangs follow the cluster through the watch: a rank failing, a node turning untrusted. */
class GangWatchTest {

    private static final GangKey EVAL = new GangKey(GangSystem.INDEXED_JOB, "training", "rlhf-actor");
    private SandboxSession fixture;
    private SandboxCluster sandbox;
    private ClusterSession session;

    @BeforeEach
    void start() throws Exception {
        fixture = SandboxSession.open(64);
        sandbox = fixture.sandbox;
        session = fixture.session;
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    @Test
    void sandboxGangsHaveTheirSeededVerdicts() throws Exception {
        SandboxSession.eventually("gangs built", () -> session.model().gangs().size() == 9);
        // every system whose pods form gangs; a Kueue workload's gang comes from Kueue, which the sandbox does not serve
        assertEquals(java.util.EnumSet.complementOf(java.util.EnumSet.of(GangSystem.KUEUE)), java.util.EnumSet.copyOf(
                session.model().gangs().stream().map(g -> g.key().system()).toList()), "a gang of every system");
        Gang halted = session.model().gangs().getFirst();
        assertEquals(EVAL, halted.key());
        assertEquals(GangVerdict.HALTED, halted.verdict());
        assertEquals(RankState.FAILED, halted.ranks().get(5).state());
        assertEquals(128, halted.gpusTotal());
    }

    @Test
    void aRankFailingThroughTheApiHaltsItsGang() throws Exception {
        GangKey eval = new GangKey(GangSystem.INDEXED_JOB, "training", "eval-sweep");
        SandboxSession.eventually("eval-sweep running", () -> gang(eval) != null && gang(eval).verdict() == GangVerdict.RUNNING);
        String pod = gang(eval).ranks().get(3).pod();
        sandbox.control().failPod("training", pod, "OOMKilled", 137, "");
        SandboxSession.eventually("eval-sweep halted", () -> gang(eval).verdict() == GangVerdict.HALTED);
        assertEquals("rank 3 Failed on gpu-node-051: OOMKilled (exit 137)", gang(eval).reasons().getFirst());
    }

    @Test
    void aNodeTurningUntrustedPutsItsGangAtRisk() throws Exception {
        GangKey rlhf = new GangKey(GangSystem.INDEXED_JOB, "training", "eval-sweep");
        SandboxSession.eventually("eval-sweep built", () -> gang(rlhf) != null);
        String node = gang(rlhf).ranks().get(0).node();
        assertFalse(gang(rlhf).ranks().get(0).onUntrustedNode());
        sandbox.control().setNodeCondition(node, "GpuMemWatch", "True", "RowRemapFailure", "GPU 4 row remapping failed");
        SandboxSession.eventually("rank 0 flagged", () -> gang(rlhf).ranks().get(0).onUntrustedNode());
        assertTrue(gang(rlhf).atRisk());
        assertTrue(gang(rlhf).reasonText().contains("rank 0 on " + node + " which is untrusted: GpuMemWatch (RowRemapFailure)"),
                gang(rlhf).reasonText());
    }

    private Gang gang(GangKey key) {
        return session.model().gangs().stream().filter(g -> g.key().equals(key)).findFirst().orElse(null);
    }

    @Test
    void aDeletedRankIsMissingBecauseTheJobSaysHowManyRanksItNeeds() throws Exception {
        GangKey eval = new GangKey(GangSystem.INDEXED_JOB, "training", "eval-sweep");
        SandboxSession.eventually("eval-sweep running", () -> gang(eval) != null && gang(eval).verdict() == GangVerdict.RUNNING);
        String last = gang(eval).ranks().getLast().pod();
        sandbox.control().deletePod("training", last);
        SandboxSession.eventually("eval-sweep halted", () -> gang(eval).verdict() == GangVerdict.HALTED);
        assertEquals(8, gang(eval).expected(), "the Job's parallelism, not the pods seen");
        assertEquals(RankState.MISSING, gang(eval).ranks().get(7).state());
        assertEquals("rank 7 missing", gang(eval).reasons().getFirst());
        assertEquals(64, gang(eval).gpusTotal(), "the missing rank still counts its GPUs");
    }
}
