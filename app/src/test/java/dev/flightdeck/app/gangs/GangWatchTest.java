package dev.flightdeck.app.gangs;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Gangs follow the cluster through the watch: a rank failing, a node turning untrusted. */
class GangWatchTest {

    private static final GangKey EVAL = new GangKey(GangSystem.INDEXED_JOB, "training", "rlhf-actor");
    private SandboxCluster sandbox;
    private ClusterSession session;

    @BeforeEach
    void start() throws Exception {
        sandbox = SandboxCluster.startQuiet(64);
        session = ClusterSession.open(new ConnectionTarget.RunningSandbox(sandbox), SessionOptions.DEFAULTS);
        assertTrue(session.awaitSynced(30, TimeUnit.SECONDS));
    }

    @AfterEach
    void stop() {
        session.close();
        sandbox.close();
    }

    private static void eventually(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(50);
        }
    }

    @Test
    void sandboxGangsHaveTheirSeededVerdicts() throws Exception {
        eventually("gangs built", () -> session.fleet().gangs().size() == 9);
        assertEquals(java.util.EnumSet.allOf(GangSystem.class), java.util.EnumSet.copyOf(
                session.fleet().gangs().stream().map(g -> g.key().system()).toList()), "a gang of every system");
        Gang halted = session.fleet().gangs().getFirst();
        assertEquals(EVAL, halted.key());
        assertEquals(GangVerdict.HALTED, halted.verdict());
        assertEquals(RankState.FAILED, halted.ranks().get(5).state());
        assertEquals(128, halted.gpusTotal());
    }

    @Test
    void aRankFailingThroughTheApiHaltsItsGang() throws Exception {
        GangKey eval = new GangKey(GangSystem.INDEXED_JOB, "training", "eval-sweep");
        eventually("eval-sweep running", () -> gang(eval) != null && gang(eval).verdict() == GangVerdict.RUNNING);
        String pod = gang(eval).ranks().get(3).pod();
        sandbox.control().failPod("training", pod, "OOMKilled", 137, "");
        eventually("eval-sweep halted", () -> gang(eval).verdict() == GangVerdict.HALTED);
        assertEquals("rank 3 Failed on gpu-node-051: OOMKilled (exit 137)", gang(eval).reasons().getFirst());
    }

    @Test
    void aNodeTurningUntrustedPutsItsGangAtRisk() throws Exception {
        GangKey rlhf = new GangKey(GangSystem.INDEXED_JOB, "training", "eval-sweep");
        eventually("eval-sweep built", () -> gang(rlhf) != null);
        String node = gang(rlhf).ranks().get(0).node();
        assertFalse(gang(rlhf).ranks().get(0).onUntrustedNode());
        sandbox.control().setNodeCondition(node, "GpuMemWatch", "True", "RowRemapFailure", "GPU 4 row remapping failed");
        eventually("rank 0 flagged", () -> gang(rlhf).ranks().get(0).onUntrustedNode());
        assertTrue(gang(rlhf).atRisk());
        assertTrue(gang(rlhf).reasonText().contains("rank 0 on " + node + " which is untrusted: GpuMemWatch (RowRemapFailure)"),
                gang(rlhf).reasonText());
    }

    private Gang gang(GangKey key) {
        return session.fleet().gangs().stream().filter(g -> g.key().equals(key)).findFirst().orElse(null);
    }

    @Test
    void aDeletedRankIsMissingBecauseTheJobSaysHowManyRanksItNeeds() throws Exception {
        GangKey eval = new GangKey(GangSystem.INDEXED_JOB, "training", "eval-sweep");
        eventually("eval-sweep running", () -> gang(eval) != null && gang(eval).verdict() == GangVerdict.RUNNING);
        String last = gang(eval).ranks().getLast().pod();
        sandbox.control().deletePod("training", last);
        eventually("eval-sweep halted", () -> gang(eval).verdict() == GangVerdict.HALTED);
        assertEquals(8, gang(eval).expected(), "the Job's parallelism, not the pods seen");
        assertEquals(RankState.MISSING, gang(eval).ranks().get(7).state());
        assertEquals("rank 7 missing", gang(eval).reasons().getFirst());
        assertEquals(64, gang(eval).gpusTotal(), "the missing rank still counts its GPUs");
    }
}
