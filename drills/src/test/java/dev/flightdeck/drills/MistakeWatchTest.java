package dev.flightdeck.drills;

import dev.flightdeck.app.actions.drain.CircuitBreaker;
import dev.flightdeck.drills.Scenario.Mistake;
import dev.flightdeck.app.nodes.NodeVerdict;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The drill's watch for mistakes, fed as the engine feeds it (removals as the audit tells them, resumes as the journal
 * tells them, the cluster's state once a sample) on a model of the drill's cluster without a sandbox: each mistake the
 * scenario names is reported once per node or gang it happened to, one removal can be several, and a mistake the
 * scenario does not name is never reported.
 */
class MistakeWatchTest {

    private static final Instant AT = Instant.parse("2026-11-27T10:00:00Z");
    private static final String HEALTHY = DrillCluster.name(0);
    private static final String STRUCK = DrillCluster.name(3);

    private DrillCluster cluster;

    @BeforeEach
    void cluster() throws InterruptedException {
        cluster = new DrillCluster(8, 4, AT);
    }

    @AfterEach
    void close() {
        cluster.close();
    }

    private MistakeWatch watching(Mistake... kinds) {
        return new MistakeWatch(EnumSet.of(kinds[0], kinds), cluster.view(), CircuitBreaker.DEFAULTS);
    }

    private static List<Mistake> kinds(List<MistakeMade> made) {
        return made.stream().map(MistakeMade::mistake).toList();
    }

    private static List<MistakeMade> removed(MistakeWatch w, int rank, Set<String> healthyGangs, boolean deleted,
                                             Set<String> budgeted) {
        String node = DrillCluster.name(rank);
        Map<String, NodeVerdict> verdicts = new java.util.HashMap<>(Map.of(node, NodeVerdict.TRUSTED));
        verdicts.put(STRUCK, NodeVerdict.UNTRUSTED);
        return w.podRemoved(AT.plusSeconds(rank), "training/" + DrillCluster.pod(rank),
                new DrillView.PodPlace(node, DrillCluster.GANG), verdicts, Set.of(STRUCK), healthyGangs, deleted, budgeted);
    }

    @Test
    void aRankRemovedFromAHealthyNodeDrainedItAndBrokeItsGangEachReportedOnce() {
        MistakeWatch w = watching(Mistake.DRAINED_A_HEALTHY_NODE, Mistake.BROKE_A_GANG_THAT_DID_NOT_NEED_IT);
        Set<String> healthy = Set.of(DrillCluster.GANG);

        assertEquals(List.of(Mistake.DRAINED_A_HEALTHY_NODE, Mistake.BROKE_A_GANG_THAT_DID_NOT_NEED_IT),
                kinds(removed(w, 0, healthy, false, Set.of())));
        assertEquals(List.of(Mistake.DRAINED_A_HEALTHY_NODE), kinds(removed(w, 1, healthy, false, Set.of())),
                "another healthy node is another mistake; the same gang broken again is not");
        assertEquals(List.of(), kinds(removed(w, 0, healthy, false, Set.of())), "rank 0's node again: told once");
        assertEquals(3, w.made().size());
        assertEquals("removed rank pod training/llm-0-x from gpu-node-000, whose GPUs were trusted and which no fault "
                + "had struck", w.made().getFirst().what());
    }

    @Test
    void aRankRemovedFromTheStruckNodeOfABrokenGangIsNoMistake() {
        MistakeWatch w = watching(Mistake.DRAINED_A_HEALTHY_NODE, Mistake.BROKE_A_GANG_THAT_DID_NOT_NEED_IT);
        assertEquals(List.of(), kinds(removed(w, 3, Set.of(), false, Set.of())));
        assertEquals(List.of(), kinds(w.podRemoved(AT, "training/other", null, Map.of(), Set.of(), Set.of(), true,
                Set.of())), "a pod the drill never saw placed is nobody's mistake");
    }

    @Test
    void aRankRemovedFromANodeAFaultStruckIsNoMistakeEvenWhenItsVerdictStillSaysTrusted() {
        // A flapping NIC raises nothing: its node stays trusted on screen, and draining it is the right call.
        MistakeWatch w = watching(Mistake.DRAINED_A_HEALTHY_NODE);
        String flapping = DrillCluster.name(1);
        assertEquals(List.of(), kinds(w.podRemoved(AT, "training/" + DrillCluster.pod(1),
                new DrillView.PodPlace(flapping, DrillCluster.GANG), Map.of(flapping, NodeVerdict.TRUSTED), Set.of(flapping),
                Set.of(), false, Set.of())));
    }

    @Test
    void aMistakeTheScenarioDoesNotNameIsNeverReported() {
        MistakeWatch w = watching(Mistake.RESUMED_FROM_AN_OLDER_CHECKPOINT);
        assertEquals(List.of(), kinds(removed(w, 0, Set.of(DrillCluster.GANG), true, Set.of(DrillCluster.GANG))));
        assertNull(w.addedLoad(AT, "drained during the storm"));
        assertNull(w.budgetDeleted(AT, "training/llm"));
        assertEquals(List.of(), w.made());
    }

    @Test
    void deletingARankOrTheBudgetItselfForcesPastTheBudgetAnEvictionDoesNot() {
        MistakeWatch w = watching(Mistake.FORCED_PAST_A_BUDGET);
        Set<String> budgeted = Set.of(DrillCluster.GANG);
        assertEquals(List.of(), kinds(removed(w, 1, Set.of(), false, budgeted)), "an eviction asks the budget");
        assertEquals(List.of(Mistake.FORCED_PAST_A_BUDGET), kinds(removed(w, 2, Set.of(), true, budgeted)));
        assertEquals(List.of(), kinds(removed(w, 1, Set.of(), true, budgeted)), "the same gang: told once");

        MistakeMade budget = w.budgetDeleted(AT, "training/llm-budget");
        assertNotNull(budget);
        assertEquals("deleted the disruption budget training/llm-budget", budget.what());
        assertNull(w.budgetDeleted(AT, "training/llm-budget"));
    }

    @Test
    void aResumeFromAnOlderCheckpointThanTheNewestCompleteOneIsAMistake() {
        MistakeWatch w = watching(Mistake.RESUMED_FROM_AN_OLDER_CHECKPOINT);
        String newest = "s3://b/llm/step-200/";
        assertNull(w.resumed(new ResumeSeen(AT, DrillCluster.GANG, newest, newest, null)));
        MistakeMade older = w.resumed(new ResumeSeen(AT, DrillCluster.GANG, "s3://b/llm/step-100/", newest, null));
        assertNotNull(older);
        assertEquals("resumed training/llm from s3://b/llm/step-100/ while s3://b/llm/step-200/ was the newest complete "
                + "one", older.what());
    }

    @Test
    void addingLoadDuringTheStormIsToldOnce() {
        MistakeWatch w = watching(Mistake.ADDED_LOAD_DURING_THE_STORM);
        assertNotNull(w.addedLoad(AT, "started drain gpu-node-001 while the API server was throttling everyone"));
        assertNull(w.addedLoad(AT.plusSeconds(5), "made 200 requests against a budget of 30"));
    }

    @Test
    void uncordoningANodeThatIsNotTrustedReturnsItToService() throws InterruptedException {
        MistakeWatch w = watching(Mistake.RETURNED_AN_UNTRUSTED_NODE_TO_SERVICE);
        DrillView view = cluster.view();
        cluster.cordon(1);
        cluster.notReady(2, true);
        assertEquals(List.of(), w.sample(AT, view.nodes()));

        cluster.uncordon(1); // trusted: back in service rightly
        cluster.notReady(2, false);
        List<MistakeMade> made = w.sample(AT.plusSeconds(1), view.nodes());
        assertEquals(List.of(Mistake.RETURNED_AN_UNTRUSTED_NODE_TO_SERVICE), kinds(made));
        assertEquals("uncordoned gpu-node-002 while it was not ready", made.getFirst().what());
        assertEquals(List.of(), w.sample(AT.plusSeconds(2), view.nodes()), "told once");
    }

    @Test
    void aCordonThatTakesMoreNodesOutThanTheBreakerAllowsExceedsIt() throws InterruptedException {
        MistakeWatch w = new MistakeWatch(Set.of(Mistake.EXCEEDED_THE_BREAKER), cluster.view(), new CircuitBreaker(1, 100));
        DrillView view = cluster.view();
        assertEquals(List.of(), w.sample(AT, view.nodes()));
        cluster.cordon(0);
        assertEquals(List.of(), w.sample(AT.plusSeconds(1), view.nodes()), "one node out: within the breaker");
        cluster.cordon(5);
        List<MistakeMade> made = w.sample(AT.plusSeconds(2), view.nodes());
        assertEquals(List.of(Mistake.EXCEEDED_THE_BREAKER), kinds(made));
        assertEquals("cordoned a node, leaving 2 GPU nodes (25.0% of GPUs) out of service; the breaker's limit is 1 nodes "
                + "or 100%", made.getFirst().what());
    }
}
