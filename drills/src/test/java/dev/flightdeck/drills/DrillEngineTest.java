package dev.flightdeck.drills;

import dev.flightdeck.app.MutableClock;
import dev.flightdeck.app.actions.drain.CircuitBreaker;
import dev.flightdeck.drills.Scenario.Fault;
import dev.flightdeck.drills.Scenario.Goal;
import dev.flightdeck.drills.Scenario.Target;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A drill's engine a tick at a time, without a sandbox: its hands are a stand-in that records what it was asked to do,
 * its model is a {@link DrillCluster}, its journal a real one in a folder, its clock moved by hand. A fault strikes when
 * its moment on the drill's schedule comes, the operator's look and journaled actions reach the timeline and the
 * goals, and the drill is done once every struck fault reached its last stage.
 */
class DrillEngineTest {

    private static final Instant START = Instant.parse("2026-11-27T10:00:00Z");
    private static final String URL = "http://127.0.0.1:6443";
    private static final String NODE = DrillCluster.name(2);

    private final MutableClock wall = new MutableClock(START);
    private final List<String> asked = new ArrayList<>();
    private DrillCluster cluster;
    private Journal journal;
    private DrillEngine engine;

    @BeforeEach
    void engine(@TempDir Path dir) throws InterruptedException {
        cluster = new DrillCluster(8, 4, START);
        journal = new Journal(dir.resolve("journal"));
        Fault notReady = new Fault("not-ready", FaultKind.NODE_NOT_READY, new Target.Node(NODE), Duration.ofSeconds(30),
                null, null, List.of(Goal.OPENED), List.of(Goal.CORDONED), List.of());
        Scenario s = new Scenario("node-goes", "A node goes", Scenario.Level.STANDARD, Duration.ofMinutes(15),
                new Scenario.ClusterStart(8, List.of(new Scenario.GangStart("training", "llm", 4, 8,
                        Duration.ofMinutes(10), Duration.ofMinutes(3)))), "Pager", List.of(notReady),
                List.of(Scenario.Mistake.DRAINED_A_HEALTHY_NODE), List.of("Cordon it."));
        DrillClock clock = new DrillClock(wall, 10);
        engine = new DrillEngine(s, clock, cluster.view(), new FaultInjector(hands(), s, 10),
                new JournalFollower(journal, URL, clock.start()), true, true, Map.of("not-ready", NODE), g -> null,
                CircuitBreaker.DEFAULTS);
    }

    @AfterEach
    void close() {
        cluster.close();
    }

    private void later(int seconds) {
        wall.advance(Duration.ofSeconds(seconds));
    }

    private void journaled(String action, String phase, String message) throws Exception {
        journal.append(new JournalEntry(wall.instant(), URL, "drill", "runbook", action, phase, "node/" + NODE, message,
                Map.of(), 0));
    }

    private List<String> timeline() {
        return engine.timeline.stream().map(e -> DrillClock.offset(e.at()) + " " + e.kind() + " " + e.text()).toList();
    }

    @Test
    void aFaultStrikesOnScheduleAndTheOperatorsLookAndCordonTakeItToItsLastStage() throws Exception {
        later(2);
        engine.tick();
        assertEquals(List.of(), asked, "30 s on the schedule is 3 s at a pace of 10: not yet");
        assertFalse(engine.allDone());

        later(1);
        engine.tick();
        assertEquals(List.of("kubelet stops on " + NODE), asked);
        FaultProgress p = engine.faults.getFirst();
        assertEquals(START.plusSeconds(3), p.injectedAt);

        later(1);
        cluster.notReady(2, false);
        engine.opened(OperatorStep.node(NODE), "opened node " + NODE);
        engine.tick();
        assertEquals(START.plusSeconds(4), p.detected());
        assertNull(p.mitigated());

        later(2);
        journaled("cordon", "confirm", "cordon " + NODE);
        assertFalse(engine.actionsUnderway());
        engine.tick();
        assertTrue(engine.actionsUnderway(), "confirmed, its outcome not journaled yet");
        later(1);
        cluster.notReady(2, true);
        journaled("cordon", "outcome", NODE + " cordoned");
        engine.tick();
        assertFalse(engine.actionsUnderway());
        assertEquals(START.plusSeconds(7), p.mitigated());
        assertTrue(engine.allDone());
        assertNull(engine.doomed());
        assertEquals(List.of(), engine.mistakes.made());

        List<String> timeline = timeline();
        assertTrue(timeline.contains("00:03 FAULT not-ready struck (node-not-ready) " + NODE + ": the kubelet stopped posting "
                + "status: Ready=Unknown; its pods not ready"), timeline.toString());
        assertTrue(timeline.contains("00:04 OPERATOR opened node " + NODE), timeline.toString());
        assertTrue(timeline.contains("00:06 OPERATOR cordon " + NODE + ": cordon " + NODE), timeline.toString());
        assertTrue(timeline.contains("00:07 FAULT not-ready mitigated (00:04 after it struck)"), timeline.toString());
        assertEquals(List.of("00:06  cordon " + NODE + ": cordon " + NODE, "00:07  cordon " + NODE + ": " + NODE
                + " cordoned"), engine.done);
    }

    @Test
    void aLookBeforeTheFaultStruckDetectsNothing() {
        engine.opened(OperatorStep.node(NODE), "opened node " + NODE);
        engine.tick();
        later(3);
        engine.tick();
        later(20);
        engine.tick();
        assertNull(engine.faults.getFirst().detected(), "the look came before the fault");
        assertFalse(engine.allDone());
    }

    /** Hands that only say what they were asked; the node's kubelet stopping is what this scenario asks. */
    private DrillHands hands() {
        return new DrillHands() {
            @Override
            public void kubeletStops(String node) {
                asked.add("kubelet stops on " + node);
            }

            @Override
            public List<RankPod> runningRanksOn(String node) {
                return List.of();
            }

            @Override
            public void setNodeCondition(String node, String type, String status, String reason, String message) {
                asked.add("condition " + type + " on " + node);
            }

            @Override
            public void failPod(String namespace, String pod, String reason, int exitCode, String message) {
                asked.add("fail " + pod);
            }

            @Override
            public void withdrawGpus(String node, int count) {
                asked.add("withdraw " + count + " GPUs on " + node);
            }

            @Override
            public void restoreGpus(String node) {
                asked.add("restore GPUs on " + node);
            }

            @Override
            public void taint(String node, String key, String value, String effect) {
                asked.add("taint " + node);
            }

            @Override
            public void createBlockingBudget(String namespace, String name, Map<String, String> selector) {
                asked.add("budget " + name);
            }

            @Override
            public String podOfRank(String namespace, String job, int rank) {
                return null;
            }

            @Override
            public String nodeOfRank(String namespace, String job, int rank) {
                return null;
            }

            @Override
            public void failNextPreflight(String node, String detail) {
                asked.add("preflight fails on " + node);
            }

            @Override
            public void nicFlaps(String node) {
                asked.add("nic flaps on " + node);
            }

            @Override
            public void stallGang(String namespace, String gang) {
                asked.add("stall " + gang);
            }

            @Override
            public void stopCheckpointing(String namespace, String gang, Instant since) {
                asked.add("stop checkpointing " + gang);
            }

            @Override
            public Saved newestCheckpoint(String namespace, String gang) {
                return null;
            }

            @Override
            public void objectStoreReachable(boolean reachable) {
                asked.add("object store reachable " + reachable);
            }

            @Override
            public void apfStorm(boolean on) {
                asked.add("storm " + on);
            }

            @Override
            public String cannotStrike(FaultKind kind) {
                return null;
            }
        };
    }
}
