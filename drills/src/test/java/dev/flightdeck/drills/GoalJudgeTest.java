package dev.flightdeck.drills;

import dev.flightdeck.app.MutableClock;
import dev.flightdeck.drills.Scenario.Fault;
import dev.flightdeck.drills.Scenario.Goal;
import dev.flightdeck.drills.Scenario.Target;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The drill's judging of a fault's goals, on a model of the drill's cluster without a sandbox and on a clock moved by
 * hand: a goal is met at the first moment it holds, only by what happened after the fault struck, and a goal read from
 * the cluster's state waits until the model shows the fault (or a grace has passed), so a model a moment behind the
 * injection cannot meet it at once.
 */
class GoalJudgeTest {

    private static final Instant START = Instant.parse("2026-11-27T10:00:00Z");
    private static final double PACE = 10;

    private final MutableClock wall = new MutableClock(START);
    private final DrillClock clock = new DrillClock(wall, PACE);
    private final StormLoad storm = new StormLoad();
    private final List<OperatorStep> steps = new ArrayList<>();
    private final List<ResumeSeen> resumes = new ArrayList<>();
    private DrillCluster cluster;
    private GoalJudge judge;

    @BeforeEach
    void cluster() throws InterruptedException {
        cluster = new DrillCluster(8, 4, START);
        judge = new GoalJudge(cluster.view(), clock, storm);
    }

    @AfterEach
    void close() {
        cluster.close();
    }

    /** A fault of {@code kind} struck now, about node {@code node} (or none) and the gang. */
    private FaultProgress struck(FaultKind kind, Integer node, List<Goal> detected, List<Goal> mitigated,
                                 List<Goal> recovered) {
        Target target = node == null ? new Target.Gang("llm") : new Target.Node(DrillCluster.name(node));
        FaultProgress p = new FaultProgress(new Fault("f", kind, target, Duration.ofSeconds(30), null, null, detected,
                mitigated, recovered));
        p.subjects = new Subjects(node == null ? null : DrillCluster.name(node), List.of(DrillCluster.GANG), kind);
        p.injectedAt = wall.instant();
        return p;
    }

    private void later(int seconds) {
        wall.advance(Duration.ofSeconds(seconds));
    }

    private void judge(FaultProgress p) {
        judge.judge(p, steps, resumes, wall.instant());
    }

    private void step(Instant at, String ref) {
        steps.add(new OperatorStep(at, ref, "looked at " + ref, OperatorStep.Source.API));
    }

    @Test
    void openedIsTheFirstLookAtTheFaultsNodeOrGangAfterItStruck() {
        step(START.minusSeconds(5), OperatorStep.node(DrillCluster.name(2))); // before it struck: not a detection
        FaultProgress p = struck(FaultKind.XID, 2, List.of(Goal.OPENED), List.of(), List.of());
        step(START.plusSeconds(2), OperatorStep.node(DrillCluster.name(5))); // another node
        step(START.plusSeconds(6), OperatorStep.node(DrillCluster.name(2)));
        step(START.plusSeconds(4), OperatorStep.gang(DrillCluster.GANG)); // the gang on it counts too, and came first
        later(10);

        judge(p);

        assertEquals(START.plusSeconds(4), p.detected());
        assertEquals(START.plusSeconds(4), p.done(), "detection is this fault's last stage");
    }

    @Test
    void readTheLogIsOnlyALogReadOnTheStruckNode() {
        FaultProgress p = struck(FaultKind.NIC_FLAP, 1, List.of(Goal.READ_THE_LOG), List.of(), List.of());
        step(START.plusSeconds(1), OperatorStep.gang(DrillCluster.GANG));
        step(START.plusSeconds(2), OperatorStep.logOn(DrillCluster.name(0)));
        later(5);
        judge(p);
        assertNull(p.detected(), "opening the gang or reading another rank's log is not reading the log that tells");

        step(START.plusSeconds(7), OperatorStep.logOn(DrillCluster.name(1)));
        later(5);
        judge(p);
        assertEquals(START.plusSeconds(7), p.detected());
    }

    @Test
    void aStateGoalWaitsUntilTheModelShowsTheFault() throws InterruptedException {
        FaultProgress p = struck(FaultKind.NODE_NOT_READY, 2, List.of(Goal.OPENED), List.of(Goal.CORDONED), List.of());
        later(1);
        cluster.cordon(2); // cordoned, but the model does not show the node not ready yet
        judge(p);
        assertFalse(p.isMet(Goal.CORDONED), "a model behind the injection must not meet a state goal");
        assertNull(p.seenAt);

        later(2);
        cluster.notReady(2, true);
        judge(p);
        assertEquals(START.plusSeconds(3), p.seenAt);
        assertEquals(START.plusSeconds(3), p.met().get(Goal.CORDONED));
    }

    @Test
    void aModelThatNeverShowsTheFaultIsJudgedAfterAGrace() throws InterruptedException {
        FaultProgress p = struck(FaultKind.XID, 3, List.of(Goal.OPENED), List.of(Goal.CORDONED), List.of());
        cluster.cordon(3);
        later(10);
        judge(p);
        assertFalse(p.isMet(Goal.CORDONED), "within the grace");

        later(1);
        judge(p);
        assertTrue(p.isMet(Goal.CORDONED), "judged anyway once the grace has passed, rather than never");
    }

    @Test
    void drainedIsCordonedWithNoRankLeftOnTheNode() throws InterruptedException {
        FaultProgress p = struck(FaultKind.NODE_NOT_READY, 3, List.of(Goal.OPENED), List.of(Goal.DRAINED), List.of());
        cluster.notReady(3, true);
        judge(p);
        assertFalse(p.isMet(Goal.DRAINED), "rank 3 still runs there");

        later(4);
        cluster.removeRank(3);
        judge(p);
        assertEquals(START.plusSeconds(4), p.met().get(Goal.DRAINED));
    }

    @Test
    void resumedFromNewestTakesTheFirstResumeOfTheNewestCheckpointThatCameBack() {
        String newest = "s3://b/llm/step-200/";
        resumes.add(new ResumeSeen(START.minusSeconds(60), DrillCluster.GANG, newest, newest, START.minusSeconds(50)));
        FaultProgress p = struck(FaultKind.RANK_CRASH, null, List.of(Goal.OPENED), List.of(Goal.RESUMED_FROM_NEWEST),
                List.of());
        resumes.add(new ResumeSeen(START.plusSeconds(5), DrillCluster.GANG, "s3://b/llm/step-100/", newest,
                START.plusSeconds(8)));
        resumes.add(new ResumeSeen(START.plusSeconds(10), DrillCluster.GANG, newest, newest, null));
        later(12);
        judge(p);
        assertFalse(p.isMet(Goal.RESUMED_FROM_NEWEST), "before the fault, from an older checkpoint, or not back yet");

        resumes.set(2, resumes.get(2).resumed(START.plusSeconds(13)));
        later(2);
        judge(p);
        assertEquals(START.plusSeconds(13), p.mitigated());
    }

    @Test
    void aGangBackOnTheNodeOfAFaultTheVerdictsCannotSeeIsNotRecovered() {
        // Every node trusted, every rank running: recovered for a crash; not for a flapping NIC under rank 1.
        FaultProgress crash = struck(FaultKind.RANK_CRASH, 1, List.of(Goal.OPENED), List.of(),
                List.of(Goal.GANG_RUNNING_ON_TRUSTED_NODES));
        FaultProgress flap = struck(FaultKind.NIC_FLAP, 1, List.of(Goal.OPENED), List.of(),
                List.of(Goal.GANG_RUNNING_ON_TRUSTED_NODES));
        later(11); // the running gang never shows either fault: judged after the grace
        judge(crash);
        judge(flap);
        assertTrue(crash.isMet(Goal.GANG_RUNNING_ON_TRUSTED_NODES));
        assertFalse(flap.isMet(Goal.GANG_RUNNING_ON_TRUSTED_NODES), "a rank is still on the flapping NIC's node");
    }

    @Test
    void aStallIsGivenItsWindowBeforeTheGangIsJudgedRunning() {
        FaultProgress p = struck(FaultKind.STALLED_COLLECTIVE, null, List.of(Goal.OPENED), List.of(),
                List.of(Goal.GANG_RUNNING_ON_TRUSTED_NODES));
        // The window (a minute at a pace of 10), three of the observer's telemetry reads (10 s each) and 30 s more.
        wall.advance(Duration.ofSeconds(60 + 30 + 30));
        judge(p);
        assertFalse(p.isMet(Goal.GANG_RUNNING_ON_TRUSTED_NODES),
                "nothing calls a gang stalled before its GPUs were idle for the window: until then it looks running");

        later(1);
        judge(p);
        assertTrue(p.isMet(Goal.GANG_RUNNING_ON_TRUSTED_NODES));
    }

    @Test
    void aNodeOutOfServiceBeforeItsMaintenanceWindowMeetsTheGoalAndTheWindowDoomsIt() throws InterruptedException {
        Duration window = clock.real(GoalJudge.MAINTENANCE_WINDOW); // 3 min at a pace of 10
        FaultProgress early = struck(FaultKind.MAINTENANCE_DUE, 4, List.of(Goal.OPENED),
                List.of(Goal.OUT_OF_SERVICE_BEFORE_MAINTENANCE), List.of());
        FaultProgress late = struck(FaultKind.MAINTENANCE_DUE, 5, List.of(Goal.OPENED),
                List.of(Goal.OUT_OF_SERVICE_BEFORE_MAINTENANCE), List.of());
        later(20);
        cluster.cordon(4);
        judge(early);
        assertEquals(START.plusSeconds(20), early.mitigated());
        assertNull(judge.doomed(Goal.OUT_OF_SERVICE_BEFORE_MAINTENANCE, late, wall.instant()), "its window is still ahead");

        wall.advance(window);
        cluster.cordon(5);
        judge(late);
        assertFalse(late.isMet(Goal.OUT_OF_SERVICE_BEFORE_MAINTENANCE), "cordoned once the maintenance had come");
        assertEquals("the maintenance window on gpu-node-005 has come and the node was still in service",
                judge.doomed(Goal.OUT_OF_SERVICE_BEFORE_MAINTENANCE, late, wall.instant()));
        assertNull(judge.doomed(Goal.OUT_OF_SERVICE_BEFORE_MAINTENANCE, early, wall.instant()), "met is never doomed");
    }

    @Test
    void aStormIsWithinBudgetWhenItLiftsOrDoomedWhenTheOperatorWentOverIt() {
        FaultProgress p = struck(FaultKind.APF_STORM, null, List.of(Goal.OPENED),
                List.of(Goal.STAYED_WITHIN_REQUEST_BUDGET), List.of());
        storm.started(START);
        for (int i = 0; i < 20; i++) {
            storm.request(START.plusSeconds(i), "GET", "/api/v1/nodes");
        }
        later(30);
        judge(p);
        assertFalse(p.isMet(Goal.STAYED_WITHIN_REQUEST_BUDGET), "not before the storm lifts");
        assertNull(judge.doomed(Goal.STAYED_WITHIN_REQUEST_BUDGET, p, wall.instant()));

        storm.ended(wall.instant());
        p.liftedAt = wall.instant();
        later(1);
        judge(p);
        assertEquals(START.plusSeconds(30), p.mitigated(), "met when it lifted: 20 requests against a budget of 30");

        StormLoad busy = new StormLoad();
        GoalJudge overJudge = new GoalJudge(cluster.view(), clock, busy);
        FaultProgress over = struck(FaultKind.APF_STORM, null, List.of(Goal.OPENED),
                List.of(Goal.STAYED_WITHIN_REQUEST_BUDGET), List.of());
        busy.started(wall.instant());
        for (int i = 0; i < 31; i++) {
            busy.request(wall.instant(), "GET", i % 3 == 0 ? "/api/v1/pods" : "/api/v1/nodes");
            busy.request(wall.instant(), "GET", List.of("/livez", "/readyz", "/healthz").get(i % 3)); // APF exempts probes
        }
        later(30);
        busy.ended(wall.instant());
        over.liftedAt = wall.instant();
        overJudge.judge(over, steps, resumes, wall.instant());
        assertFalse(over.isMet(Goal.STAYED_WITHIN_REQUEST_BUDGET));
        assertEquals("the storm is over and the operator's load during it was over budget (31 requests against a budget "
                + "of 30)", overJudge.doomed(Goal.STAYED_WITHIN_REQUEST_BUDGET, over, wall.instant()));
        assertEquals("20× GET /api/v1/nodes, 11× GET /api/v1/pods", busy.mostRequested(6), "what the load was, most first");
        assertEquals("20× GET /api/v1/nodes and 1 more", busy.mostRequested(1));
    }
}
