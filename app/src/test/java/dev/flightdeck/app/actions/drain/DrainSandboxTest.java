package dev.flightdeck.app.actions.drain;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Drains against the sandbox over real HTTP, with its simulated Eviction subresource and PDBs:
 * each test uses its own node (gpu-node-00N holds rank N of llm-pretrain, whose budget allows no
 * disruption), so they do not disturb each other.
 */
class DrainSandboxTest {

    private static SandboxSession sandbox;
    private static KubeRest rest;
    private static DrainPlanReader reader;
    private static final Duration FAST_RETRY = Duration.ofMillis(200);

    @BeforeAll
    static void open() throws Exception {
        sandbox = SandboxSession.open(64);
        rest = new KubeRest(sandbox.session.connection().api());
        reader = new DrainPlanReader(rest, sandbox.session.checkpoints()::read);
        SandboxSession.eventually("the gangs", () -> sandbox.session.model().gangs().size() == 9);
    }

    @AfterAll
    static void close() {
        sandbox.close();
    }

    private static DrainPlan plan(String node, DrainOptions options) throws java.io.IOException {
        return reader.read(node, sandbox.session.model().gangs(), options, Instant.now());
    }

    /** Training ranks mount /dev/shm as an emptyDir, so draining them needs that consent, as with kubectl. */
    private static DrainOptions timeout(Duration d) {
        return new DrainOptions(true, true, false, false, d);
    }

    private static ObjectNode node(String name) throws Exception {
        return sandbox.sandbox.store().get("nodes", null, name);
    }

    @Test
    void planListsSkippedDaemonSetsTheBudgetAndTheGangItBreaksWithGpuHours() throws Exception {
        DrainPlan withoutConsent = plan("gpu-node-004", DrainOptions.DEFAULTS);
        assertFalse(withoutConsent.canProceed());
        assertEquals("has emptyDir data that would be lost (dshm)", withoutConsent.blockers().getFirst().why());
        DrainPlan plan = plan("gpu-node-004", DrainOptions.DEFAULTS.withConsent(true, false));
        assertTrue(plan.canProceed());
        assertTrue(plan.skipped().stream().allMatch(s -> s.pod().controllerKind().equals("DaemonSet")));
        assertEquals(7, plan.skipped().size(), "the GPU Operator and node DaemonSets");
        assertTrue(plan.evict().stream().anyMatch(e -> e.pod().name().startsWith("llm-pretrain-4-")));
        assertEquals(1, plan.pdbs().size());
        assertTrue(plan.pdbs().getFirst().holds(), "llm-pretrain's budget has no disruption to spare");
        BrokenGang g = plan.broken().getFirst();
        assertEquals(new GangKey(GangSystem.INDEXED_JOB, "training", "llm-pretrain"), g.key());
        assertEquals(List.of(4), g.ranksOnNode());
        assertEquals(256, g.gpus());
        assertNotNull(g.checkpointAge(), "read from the sandbox's object storage");
        assertEquals(256 * g.checkpointAge().toSeconds() / 3600.0, g.gpuHoursAtRisk().orElseThrow(), 0.1);
        assertTrue(plan.needsTypedConfirmation());
    }

    @Test
    void theCircuitBreakerCountsWhatIsAlreadyOutAndRefusesPastItsLimit() throws Exception {
        var fleet = sandbox.session.model().snapshot().nodes();
        DrainOptions consent = DrainOptions.DEFAULTS.withConsent(true, false);
        // Other tests in this class cordon nodes too, so the counts here are read, not assumed.
        long out = fleet.stream().filter(CircuitBreaker::outOfService).filter(n -> n.gpuTotal() > 0).count();
        assertTrue(out >= 4, "the sandbox seeds a cordoned, a NotReady and two gated nodes");
        DrainPlan ok = reader.read("gpu-node-060", sandbox.session.model().gangs(), fleet, new CircuitBreaker(64, 100),
                consent, Instant.now());
        assertTrue(ok.canProceed(), ok.breaker().line());
        assertTrue(ok.breaker().line().startsWith("circuit breaker: " + out + " GPU nodes ("), ok.breaker().line());
        assertTrue(ok.breaker().line().contains("; after this drain " + (out + 1) + " ("), ok.breaker().line());
        DrainPlan tripped = reader.read("gpu-node-060", sandbox.session.model().gangs(), fleet, new CircuitBreaker((int) out, 100),
                consent, Instant.now());
        assertFalse(tripped.canProceed(), "one more node than the limit allows");
        assertTrue(tripped.breaker().trips());
        assertEquals("drain gpu-node-060: REFUSED by the circuit breaker: too much of the fleet would be out of service",
                DrainPlanText.lines(tripped).getFirst());
    }

    @Test
    void aBudgetThatNeverAllowsItTimesOutAndTheNodeStaysCordonedWithItsReason() throws Exception {
        DrainPlan plan = plan("gpu-node-001", timeout(Duration.ofSeconds(3)));
        List<DrainEvent> events = new CopyOnWriteArrayList<>();
        DrainOutcome o = new DrainExecutor(rest, Clock.systemUTC(), FAST_RETRY).execute(plan, "NVLink flaps",
                "alice", () -> plan("gpu-node-001", plan.options()), events::add);
        assertEquals(DrainOutcome.Result.TIMED_OUT, o.result(), o.summary());
        assertTrue(o.remaining().stream().anyMatch(r -> r.startsWith("training/llm-pretrain-1-")));
        assertTrue(events.stream().anyMatch(e -> e instanceof DrainEvent.Blocked b && b.attempt() >= 2
                && b.why().equals("The disruption budget llm-pretrain needs 30 healthy pods and has 30 currently")), "retried");
        ObjectNode n = node("gpu-node-001");
        assertTrue(n.at("/spec/unschedulable").asBoolean());
        assertEquals("NVLink flaps", n.at("/metadata/annotations/flightdeck.dev~1cordon-reason").asText());
        assertEquals("alice", n.at("/metadata/annotations/flightdeck.dev~1cordoned-by").asText());
    }

    @Test
    void aBudgetThatClearsLetsTheDrainFinishAndTheJobReplacesTheRank() throws Exception {
        DrainPlan plan = plan("gpu-node-002", timeout(Duration.ofSeconds(20)));
        List<DrainEvent> events = new CopyOnWriteArrayList<>();
        DrainExecutor drain = new DrainExecutor(rest, Clock.systemUTC(), FAST_RETRY);
        Thread relax = Thread.ofPlatform().start(() -> {
            try {
                SandboxSession.eventually("a budget refusal", () -> events.stream().anyMatch(e -> e instanceof DrainEvent.Blocked));
                setMinAvailable(29);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            DrainOutcome o = drain.execute(plan, "repair", "alice", () -> plan("gpu-node-002", plan.options()), events::add);
            assertEquals(DrainOutcome.Result.DRAINED, o.result(), o.summary());
            assertEquals(plan.evict().size(), o.evicted());
            assertTrue(o.summary().startsWith("gpu-node-002 drained: "), o.summary());
        } finally {
            relax.join();
            setMinAvailable(30);
        }
        SandboxSession.eventually("rank 2 replaced, Pending", () -> sandbox.session.model().gang(
                new GangKey(GangSystem.INDEXED_JOB, "training", "llm-pretrain")).ranks().stream()
                .anyMatch(r -> r.rank() == 2 && r.node() == null));
    }

    private static void setMinAvailable(int n) throws Exception {
        ObjectNode pdb = sandbox.sandbox.store().get("policy/poddisruptionbudgets", "training", "llm-pretrain");
        pdb.with("spec").put("minAvailable", n);
        sandbox.sandbox.store().replace("policy/poddisruptionbudgets", "training", "llm-pretrain", pdb);
    }

    @Test
    void cancellingStopsEvictingAndSaysTheNodeStaysCordoned() throws Exception {
        DrainPlan plan = plan("gpu-node-003", timeout(Duration.ofSeconds(30)));
        DrainExecutor drain = new DrainExecutor(rest, Clock.systemUTC(), FAST_RETRY);
        DrainOutcome o = drain.execute(plan, "cancel me", "alice", () -> plan("gpu-node-003", plan.options()), e -> {
            if (e instanceof DrainEvent.Blocked) {
                drain.cancel();
            }
        });
        assertEquals(DrainOutcome.Result.CANCELLED, o.result());
        assertTrue(o.summary().endsWith("gpu-node-003 stays cordoned"), o.summary());
        assertTrue(node("gpu-node-003").at("/spec/unschedulable").asBoolean());
    }

    @Test
    void aNodeDeletedMidDrainEndsItInWords() throws Exception {
        DrainPlan plan = plan("gpu-node-005", timeout(Duration.ofSeconds(30)));
        DrainOutcome o = new DrainExecutor(rest, Clock.systemUTC(), FAST_RETRY).execute(plan, "r", "alice",
                () -> plan("gpu-node-005", plan.options()), e -> {
                    if (e instanceof DrainEvent.Blocked) {
                        sandbox.sandbox.control().deleteNode("gpu-node-005");
                    }
                });
        assertEquals(DrainOutcome.Result.NODE_GONE, o.result());
        assertEquals("node gpu-node-005 was deleted during the drain; its remaining pods are left to the pod garbage collector",
                o.summary());
    }

    @Test
    void unmanagedAndEmptyDirPodsBlockUntilConsentedThenGo() throws Exception {
        String node = "gpu-node-040"; // an rlhf-actor rank, no budget
        ObjectNode debug = (ObjectNode) KubeJson.MAPPER.readTree("{\"metadata\":{\"name\":\"debug-shell\",\"namespace\":\"default\"},"
                + "\"spec\":{\"nodeName\":\"" + node + "\",\"containers\":[{\"name\":\"sh\",\"image\":\"busybox\"}],"
                + "\"volumes\":[{\"name\":\"scratch\",\"emptyDir\":{}}]},\"status\":{\"phase\":\"Running\"}}");
        sandbox.sandbox.store().create("pods", debug);
        DrainPlan refused = plan(node, timeout(Duration.ofSeconds(20)).withConsent(false, false));
        assertFalse(refused.canProceed());
        assertTrue(refused.blockers().stream().anyMatch(b -> b.pod().name().equals("debug-shell")
                && b.why().equals("has emptyDir data that would be lost (scratch)")));
        DrainPlan halfConsent = plan(node, timeout(Duration.ofSeconds(20)).withConsent(true, false));
        assertEquals("not managed by a controller: nothing would recreate it", halfConsent.blockers().getFirst().why());

        DrainOptions both = timeout(Duration.ofSeconds(20)).withConsent(true, true);
        DrainPlan ok = plan(node, both);
        assertTrue(ok.canProceed());
        DrainOutcome o = new DrainExecutor(rest, Clock.systemUTC(), FAST_RETRY).execute(ok, "r", "alice",
                () -> plan(node, both), e -> { });
        assertEquals(DrainOutcome.Result.DRAINED, o.result(), o.summary());
        SandboxSession.eventually("the debug pod gone", () -> sandbox.session.model().podsOn(node).stream()
                .noneMatch(p -> p.name().equals("debug-shell")));
    }
}
