package dev.flightdeck.app.queues.teams;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.app.settings.TeamKey;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.flightdeck.app.queues.teams.TeamFixtures.KEY;
import static dev.flightdeck.app.queues.teams.TeamFixtures.NOW;
import static dev.flightdeck.app.queues.teams.TeamFixtures.gang;
import static dev.flightdeck.app.queues.teams.TeamFixtures.node;
import static dev.flightdeck.app.queues.teams.TeamFixtures.rank;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The per-team figures: whose node is whose, which GPUs count as usable and free, which gangs run or wait where. */
class TeamTableTest {

    /** Three of alpha's by label, two of beta's by taint only, gamma's by label over a taint, two of no one's. */
    static final List<GpuNode> NODES = List.of(
            node("a1").label(KEY, "alpha").taint(KEY, "alpha").inUse(6).build(),
            node("a2").label(KEY, "alpha").gpus(8, 7).inUse(1).build(),           // one GPU withdrawn: degraded
            node("a3").label(KEY, "alpha").xid().inUse(2).build(),                // untrusted: none usable
            node("b1").taint(KEY, "beta").gpus(4, 4).inUse(4).build(),
            node("b2").taint(KEY, "beta").gpus(4, 4).cordoned().build(),
            node("c1").label(KEY, "gamma").taint(KEY, "beta").gpus(4, 4).build(),
            node("x1").build(),
            node("x2").label(KEY, "").gpus(2, 2).build());                       // the key, with no value

    static final List<Gang> GANGS = List.of(
            gang("train", GangVerdict.RUNNING, rank(0, RankState.RUNNING, "a1"), rank(1, RankState.RUNNING, "a1")),
            gang("queued", GangVerdict.STARTING, rank(0, RankState.RUNNING, "b1"), rank(1, RankState.PENDING, null)),
            gang("spread", GangVerdict.RUNNING, rank(0, RankState.RUNNING, "a2"), rank(1, RankState.RUNNING, "b1")),
            gang("unplaced", GangVerdict.STARTING, rank(0, RankState.PENDING, null), rank(1, RankState.PENDING, null)),
            gang("done", GangVerdict.FINISHED, rank(0, RankState.SUCCEEDED, "a1")),
            gang("halted", GangVerdict.HALTED, rank(0, RankState.FAILED, "x1"), rank(1, RankState.RUNNING, "x1")));

    @Test
    void theFixtureNodesHaveTheVerdictsTheFiguresAssume() {
        assertEquals(List.of(NodeVerdict.TRUSTED, NodeVerdict.DEGRADED, NodeVerdict.UNTRUSTED, NodeVerdict.TRUSTED,
                NodeVerdict.TRUSTED, NodeVerdict.TRUSTED, NodeVerdict.TRUSTED, NodeVerdict.TRUSTED),
                NODES.stream().map(GpuNode::verdict).toList());
    }

    @Test
    void eachTeamGetsItsNodesGpusAndGangsAndTheNodesOfNoTeamComeLast() {
        TeamTable t = TeamTable.of(new TeamKey(KEY), NODES, GANGS);
        assertEquals(List.of(
                // usable: a1 8 + a2 7 (degraded still takes work); a3 untrusted. free: a1 8-6, a2 7-1; a3's 2 are
                // allocated but not free. Gangs: train on a1, spread half on a2.
                new TeamRow("alpha", 3, 24, 15, 9, 8, 2, 0, 0),
                // b2 is cordoned: counted, not usable. queued waits with a rank on b1; spread's other half is on b1.
                new TeamRow("beta", 2, 8, 4, 4, 0, 1, 1, 0),
                // the label wins over a taint naming another team
                new TeamRow("gamma", 1, 4, 4, 0, 4, 0, 0, 0),
                // no key, and the key with an empty value; the halted gang neither runs nor waits
                new TeamRow(NodeTeams.NO_TEAM, 2, 10, 10, 0, 10, 0, 0, 0)), t.rows());
        assertEquals(1, t.gangsOnNoNode(), "unplaced has no rank bound to a node; done is finished");
        assertEquals(List.of("alpha", "beta", "gamma", NodeTeams.NO_TEAM), t.teams());
    }

    @Test
    void anOverCommittedNodeHasNoFreeGpusAndTakesNoneFromItsNeighbour() {
        // A GPU withdrawn under a running pod: 7 allocatable, 8 still requested.
        List<GpuNode> nodes = List.of(node("o1").label(KEY, "ops").gpus(8, 7).inUse(8).build(),
                node("o2").label(KEY, "ops").inUse(2).build());
        TeamRow ops = TeamTable.of(new TeamKey(KEY), nodes, List.of()).row("ops");
        assertEquals(new TeamRow("ops", 2, 16, 15, 10, 6, 0, 0, 0), ops);
    }

    @Test
    void withoutGpuNodesTheTableIsEmptyAndAGangCannotBePlaced() {
        TeamTable t = TeamTable.of(new TeamKey(KEY), List.of(),
                List.of(gang("lone", GangVerdict.RUNNING, rank(0, RankState.RUNNING, "cpu-node-1"))));
        assertEquals(List.of(), t.rows());
        assertEquals(1, t.gangsOnNoNode(), "a rank on a node that is no GPU node places the gang in no team");
    }

    @Test
    void theCheckSectionHasStableColumnsAndSaysWhatNoRowCounts() {
        List<String> lines = TeamReport.lines(TeamTable.of(new TeamKey(KEY), NODES, GANGS));
        assertEquals(List.of(
                "teams by example.com/team: 3 teams, 2 nodes with no team",
                "team       nodes  gpus  usable  allocated  free  gangs running  gangs waiting  gangs queued",
                "alpha          3    24      15          9     8              2              0             0",
                "beta           2     8       4          4     0              1              1             0",
                "gamma          1     4       4          0     4              0              0             0",
                "(no team)      2    10      10          0    10              0              0             0",
                "1 gang has no rank on a GPU node yet, so no team's row counts it"), lines);
        assertEquals(List.of(), TeamReport.section(null, NODES, GANGS, dev.flightdeck.app.queues.QueuesSnapshot.EMPTY), "no key set, no section");
    }

    @Test
    void aFigureWiderThanItsHeaderWidensItsColumn() {
        List<GpuNode> nodes = new java.util.ArrayList<>();
        for (int i = 0; i < 1250; i++) {
            nodes.add(node("n" + i).label(KEY, "big").inUse(8).build());
        }
        assertEquals(List.of("teams by example.com/team: 1 team",
                "team  nodes   gpus  usable  allocated  free  gangs running  gangs waiting  gangs queued",
                "big    1250  10000   10000      10000     0              0              0             0"),
                TeamReport.lines(TeamTable.of(new TeamKey(KEY), nodes, List.of())));
    }

    @Test
    void aQueuedJobCountsForTheTeamItsQueuesFlavorsStandForElseForNoTeam() {
        Gang forBeta = gang("for-beta", GangVerdict.QUEUED);
        Gang forNewTeam = gang("for-delta", GangVerdict.QUEUED);
        Gang anywhere = gang("anywhere", GangVerdict.QUEUED);
        java.util.Map<dev.flightdeck.app.gangs.GangKey, dev.flightdeck.app.gangs.QueuedGang> queued = java.util.Map.of(
                forBeta.key(), new dev.flightdeck.app.gangs.QueuedGang(forBeta.key(), 2, 8, NOW, "waiting", java.util.Map.of(KEY, "beta")),
                forNewTeam.key(), new dev.flightdeck.app.gangs.QueuedGang(forNewTeam.key(), 1, 4, NOW, "waiting", java.util.Map.of(KEY, "delta")),
                anywhere.key(), new dev.flightdeck.app.gangs.QueuedGang(anywhere.key(), 1, 4, NOW, "waiting",
                        java.util.Map.of("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3")));
        var queues = new dev.flightdeck.app.queues.QueuesSnapshot(List.of(), List.of(), 3, queued, List.of(), java.util.Set.of());
        List<Gang> gangs = new java.util.ArrayList<>(GANGS);
        gangs.addAll(List.of(forBeta, forNewTeam, anywhere));
        TeamTable t = TeamTable.of(new TeamKey(KEY), NODES, gangs, queues);
        assertEquals(1, t.row("beta").gangsQueued());
        assertEquals(0, t.row("alpha").gangsQueued());
        assertEquals(new TeamRow("delta", 0, 0, 0, 0, 0, 0, 0, 1), t.row("delta"), "a team with quota and no node yet");
        assertEquals(2, t.gangsOnNoNode(), "unplaced, and the job its queue's flavors place in no team");
        assertEquals(4, TeamTable.of(new TeamKey(KEY), NODES, gangs).gangsOnNoNode(), "without queues, no queued job is placed");
    }
}
