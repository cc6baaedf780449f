package dev.flightdeck.app.actions.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.sandbox.SandboxPreflightRuns;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Re-preflights against the sandbox over real HTTP, with its simulated validation-job runner (Job
 * controller, scheduler, kubelet and logs; fast timings: 0.3 s to schedule, 2 s to run) and its
 * seeded trouble: gpu-node-013 has an Xid (SysLogsXIDError), gpu-node-058 an NVLink fault,
 * gpu-node-050 is NotReady, gpu-node-007 has a withdrawn GPU, gpu-node-031 a failed gate and
 * gpu-node-042 a cordon. Most nodes run an 8-GPU training rank, which a real scheduler would not
 * evict for a validation pod, so tests first delete those ranks, as a drain would have.
 * Each test uses its own node.
 */
class PreflightSandboxTest {

    private static final String KEY = "flightdeck.dev/preflight";
    private static final Duration POLL = Duration.ofMillis(100);
    private static SandboxSession sandbox;
    private static KubeRest rest;
    private static PreflightPlanReader reader;

    @BeforeAll
    static void open() throws Exception {
        sandbox = SandboxSession.open(64);
        sandbox.sandbox.preflightRuns().use(SandboxPreflightRuns.Timing.FAST);
        rest = new KubeRest(sandbox.session.connection().api());
        reader = new PreflightPlanReader(rest);
    }

    @AfterAll
    static void close() {
        sandbox.close();
    }

    @org.junit.jupiter.api.io.TempDir
    static java.nio.file.Path journalDir;

    /** The actions as the console makes them on this sandbox, journaling into a scratch directory. */
    private static dev.flightdeck.app.actions.ActionSession actions() {
        return new dev.flightdeck.app.actions.ActionSession(sandbox.session, new dev.flightdeck.app.journal.Journal(journalDir),
                null, dev.flightdeck.app.settings.DrainLimits.DEFAULTS, Clock.systemUTC());
    }

    private static PreflightSettings deadline(long seconds) {
        return PreflightSettings.DEFAULTS.withDeadlineSeconds(seconds);
    }

    /** Deletes the node's GPU pods, as draining it would. */
    private static void drained(String node) throws Exception {
        JsonNode pods = rest.get("/api/v1/pods?fieldSelector=" + URLEncoder.encode("spec.nodeName=" + node,
                StandardCharsets.UTF_8)).json();
        for (JsonNode p : pods.path("items")) {
            if (p.path("spec").toString().contains("nvidia.com/gpu\":\"")) {
                rest.delete("/api/v1/namespaces/" + p.at("/metadata/namespace").asText() + "/pods/"
                        + p.at("/metadata/name").asText(), Map.of());
            }
        }
    }

    private static ObjectNode node(String name) throws Exception {
        return sandbox.sandbox.store().get("nodes", null, name);
    }

    private static List<String> taints(String name) throws Exception {
        return node(name).path("spec").path("taints").valueStream()
                .map(t -> t.path("key").asText() + "=" + t.path("value").asText("") + ":" + t.path("effect").asText()).toList();
    }

    private static String label(String node) throws Exception {
        JsonNode v = node(node).at("/metadata/labels/flightdeck.dev~1preflight");
        return v.isMissingNode() ? null : v.asText();
    }

    private static String annotation(String node, String suffix) throws Exception {
        return node(node).at("/metadata/annotations/flightdeck.dev~1preflight" + suffix).asText(null);
    }

    private static int code(String path) throws Exception {
        return rest.get(path).code();
    }

    private static PreflightOutcome run(PreflightPlan plan, List<PreflightEvent> events) {
        return new PreflightExecutor(rest, Clock.systemUTC(), POLL).execute(plan, events::add);
    }

    @Test
    void aTrustedNodeWithAFailedGatePassesAndTheGateIsReplacedThenRemoved() throws Exception {
        String node = "gpu-node-031"; // failed gate; its rank is Pending behind it, so nothing holds its GPUs
        assertEquals(List.of(KEY + "=failed:NoSchedule"), taints(node));
        PreflightPlan plan = reader.read(node, deadline(20));
        assertEquals(8, plan.gpus());
        assertTrue(plan.warnings().isEmpty(), plan.warnings().toString());
        List<String> whileRunning = new CopyOnWriteArrayList<>();
        List<PreflightEvent> events = new CopyOnWriteArrayList<>();
        PreflightOutcome o = new PreflightExecutor(rest, Clock.systemUTC(), POLL).execute(plan, e -> {
            events.add(e);
            if (e instanceof PreflightEvent.Running) {
                try {
                    whileRunning.addAll(taints(node));
                    whileRunning.add("label " + label(node));
                } catch (Exception x) {
                    throw new IllegalStateException(x);
                }
            }
        });
        assertEquals(PreflightOutcome.Result.PASSED, o.result(), o.summary());
        assertEquals(List.of(KEY + "=pending:NoSchedule", "label running"), whileRunning, "the failed gate was replaced");
        assertEquals(List.of(), taints(node));
        assertEquals("passed", label(node));
        assertTrue(annotation(node, "-detail").startsWith("CUDA vectorAdd passed on 8 GPUs in "), annotation(node, "-detail"));
        assertTrue(Duration.between(Instant.parse(annotation(node, "-at")), Instant.now()).toSeconds() < 30);
        assertEquals(List.of(PreflightEvent.JobCreated.class, PreflightEvent.Gated.class, PreflightEvent.Scheduled.class,
                PreflightEvent.Running.class, PreflightEvent.Finished.class), events.stream().map(Object::getClass).toList());
        // The Job as the API server holds it is the planned manifest, pinned by affinity with all GPUs.
        JsonNode job = rest.get("/apis/batch/v1/namespaces/flightdeck-system/jobs/" + plan.jobName()).json();
        assertEquals(plan.job().at("/spec/template/spec"), job.at("/spec/template/spec"));
        assertEquals("Complete", job.at("/status/conditions/1/type").asText());
        assertEquals(200, code("/api/v1/namespaces/flightdeck-system"), "the namespace was created");
    }

    @Test
    void passingKeepsSomeoneElsesCordonTaintAndRemovesOnlyTheGate() throws Exception {
        String node = "gpu-node-042"; // cordoned by alice for a cable swap
        drained(node);
        PreflightOutcome o = run(reader.read(node, deadline(20)), new CopyOnWriteArrayList<>());
        assertEquals(PreflightOutcome.Result.PASSED, o.result(), o.summary());
        assertEquals(List.of("node.kubernetes.io/unschedulable=:NoSchedule"), taints(node));
        assertTrue(node(node).at("/spec/unschedulable").asBoolean(), "still cordoned: preflight is not an uncordon");
        assertEquals("alice@example.com", node(node).at("/metadata/annotations/flightdeck.dev~1cordoned-by").asText());
    }

    @Test
    void anXidNodeFailsDcgmDiagAndStaysGatedWithTheReasonAndLogTail() throws Exception {
        String node = "gpu-node-013"; // SysLogsXIDError: Xid 79 on GPU 5
        drained(node);
        PreflightPlan plan = reader.read(node, deadline(20).withCheck(ValidationCheck.DCGM_DIAG_QUICK));
        PreflightOutcome o = run(plan, new CopyOnWriteArrayList<>());
        assertEquals(PreflightOutcome.Result.FAILED, o.result(), o.summary());
        assertEquals(List.of(KEY + "=failed:NoSchedule"), taints(node));
        assertEquals("failed", label(node));
        String detail = annotation(node, "-detail");
        assertEquals(o.detail(), detail);
        List<String> lines = detail.lines().toList();
        assertEquals("dcgmi diag -r 1 failed: container exited 1 (Error)", lines.getFirst());
        assertTrue(lines.size() <= 21, "reason + at most 20 log lines: " + lines.size());
        assertTrue(detail.contains("| Page Retirement/Row Remap | Fail - GPU: 5"), detail);
        assertEquals("Error: GPU 5 failed the diagnostic: SysLogsXIDError (XID79): Xid 79 on GPU 5 (PCI 0000:9B:00.0):"
                + " GPU has fallen off the bus", lines.getLast());
        assertEquals("gpu-node-013 failed preflight: dcgmi diag -r 1 failed: container exited 1 (Error); it stays gated ("
                + KEY + "=failed:NoSchedule)", o.summary());
    }

    @Test
    void aDeadlineShorterThanTheRunTimesOutAndGatesTheNodeAsFailed() throws Exception {
        String node = "gpu-node-022";
        drained(node);
        PreflightOutcome o = run(reader.read(node, deadline(1)), new CopyOnWriteArrayList<>());
        assertEquals(PreflightOutcome.Result.TIMED_OUT, o.result(), o.summary());
        assertTrue(o.detail().startsWith("timed out after 1 s: CUDA vectorAdd did not finish\n[Vector addition of 50000 elements]"),
                o.detail());
        assertEquals(List.of(KEY + "=failed:NoSchedule"), taints(node));
        assertEquals("failed", label(node));
        JsonNode job = rest.get("/apis/batch/v1/namespaces/flightdeck-system/jobs/" + o.job().split("/")[1]).json();
        assertEquals("DeadlineExceeded", job.at("/status/conditions/1/reason").asText());
    }

    @Test
    void aNotReadyNodeNeverSchedulesAndTheOutcomeQuotesTheScheduler() throws Exception {
        String node = "gpu-node-050"; // Ready=Unknown: the lifecycle controller's unreachable taint
        PreflightPlan plan = reader.read(node, deadline(2));
        assertTrue(plan.warnings().getFirst().startsWith("node is not Ready (Ready=Unknown)"));
        List<PreflightEvent> events = new CopyOnWriteArrayList<>();
        PreflightOutcome o = run(plan, events);
        String scheduler = "0/67 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: },"
                + " 66 node(s) didn't match Pod's node affinity/selector. preemption: 0/67 nodes are available:"
                + " 67 Preemption is not helpful for scheduling.";
        assertEquals(PreflightOutcome.Result.UNSCHEDULABLE, o.result(), o.summary());
        assertEquals("could not schedule within 2 s: " + scheduler, o.detail());
        assertTrue(events.stream().anyMatch(e -> e instanceof PreflightEvent.Unschedulable u && u.reason().equals(scheduler)),
                "the scheduler's reason is surfaced while Pending");
        assertEquals(List.of(KEY + "=failed:NoSchedule"), taints(node));
        assertEquals("failed", label(node));
        assertEquals(o.detail(), annotation(node, "-detail"));
    }

    @Test
    void aNodeWithAWithdrawnGpuCannotFitAValidationAskingForAllEight() throws Exception {
        String node = "gpu-node-007"; // allocatable 7 of 8
        drained(node);
        PreflightOutcome o = run(reader.read(node, deadline(2)), new CopyOnWriteArrayList<>());
        assertEquals(PreflightOutcome.Result.UNSCHEDULABLE, o.result(), o.summary());
        assertEquals("could not schedule within 2 s: 0/67 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had"
                + " untolerated taint {node.kubernetes.io/unreachable: }, 65 node(s) didn't match Pod's node"
                + " affinity/selector. preemption: 0/67 nodes are available: 1 No preemption victims found for incoming pod,"
                + " 66 Preemption is not helpful for scheduling.", o.detail());
        assertEquals("failed", label(node));
    }

    @Test
    void cancellingDeletesTheJobAndItsPodAndLeavesTheNodeGatedPending() throws Exception {
        String node = "gpu-node-024";
        drained(node);
        PreflightPlan plan = reader.read(node, deadline(20));
        PreflightExecutor executor = new PreflightExecutor(rest, Clock.systemUTC(), POLL);
        PreflightOutcome o = executor.execute(plan, e -> {
            if (e instanceof PreflightEvent.Running) {
                executor.cancel();
            }
        });
        assertEquals(PreflightOutcome.Result.CANCELLED, o.result());
        assertEquals("cancelled: validation Job " + plan.jobRef() + " deleted; gpu-node-024 stays gated (" + KEY
                + "=pending:NoSchedule) until a preflight passes", o.summary());
        assertEquals(404, code("/apis/batch/v1/namespaces/flightdeck-system/jobs/" + plan.jobName()));
        // Background propagation: the collector takes the pod a moment after the Job.
        dev.flightdeck.app.SandboxSession.eventually("Background propagation collected the pod", () -> {
            try {
                return rest.get("/api/v1/namespaces/flightdeck-system/pods?labelSelector=batch.kubernetes.io%2Fjob-name%3D"
                        + plan.jobName()).json().path("items").isEmpty();
            } catch (java.io.IOException e) {
                return false;
            }
        });
        assertEquals(List.of(KEY + "=pending:NoSchedule"), taints(node));
        assertNull(label(node), "not running any more, and it did not fail");
        assertTrue(annotation(node, "-detail").startsWith("preflight cancelled at "));
    }

    @Test
    void aNodeDeletedMidRunEndsItInWordsAndTheJobIsDeleted() throws Exception {
        String node = "gpu-node-025";
        drained(node);
        PreflightPlan plan = reader.read(node, deadline(20));
        PreflightOutcome o = new PreflightExecutor(rest, Clock.systemUTC(), POLL).execute(plan, e -> {
            if (e instanceof PreflightEvent.Running) {
                sandbox.sandbox.control().deleteNode(node);
            }
        });
        assertEquals(PreflightOutcome.Result.NODE_GONE, o.result());
        assertEquals("node gpu-node-025 was deleted during preflight; the validation Job " + plan.jobRef() + " was deleted",
                o.summary());
        assertEquals(404, code("/apis/batch/v1/namespaces/flightdeck-system/jobs/" + plan.jobName()));
    }

    @Test
    void aBatchOfThreeRunsTogetherAndReportsEachNode() throws Exception {
        drained("gpu-node-026");
        drained("gpu-node-058"); // NVLink down on GPU 2
        // gpu-node-029 keeps its training rank: the validation waits for GPUs that never free up
        assertTrue(reader.read("gpu-node-029", deadline(4)).warnings().getFirst().startsWith("8 GPUs are held by [training/"));
        List<PreflightBatch.Progress> progress = new CopyOnWriteArrayList<>();
        List<PreflightOutcome> out = new PreflightBatch(actions(), POLL, 4).run(List.of("gpu-node-026", "gpu-node-058",
                "gpu-node-029"), deadline(4), progress::add);
        assertEquals(List.of(PreflightOutcome.Result.PASSED, PreflightOutcome.Result.FAILED, PreflightOutcome.Result.UNSCHEDULABLE),
                out.stream().map(PreflightOutcome::result).toList());
        assertEquals(List.of("gpu-node-026", "gpu-node-058", "gpu-node-029"), out.stream().map(PreflightOutcome::node).toList());
        assertTrue(out.get(1).detail().endsWith("Error: GPU 2 failed: GpuNvlinkWatch (NvlinkDown): NVLink link 4 on GPU 2 is down"),
                out.get(1).detail());
        assertTrue(out.get(2).detail().contains("1 Insufficient nvidia.com/gpu"), out.get(2).detail());
        // Together, not one after another: every node was gated (its validation started) before any finished.
        int lastStarted = -1;
        int firstFinished = Integer.MAX_VALUE;
        for (int i = 0; i < progress.size(); i++) {
            if (progress.get(i).event() instanceof PreflightEvent.Gated) {
                lastStarted = i;
            } else if (progress.get(i).event() instanceof PreflightEvent.Finished) {
                firstFinished = Math.min(firstFinished, i);
            }
        }
        assertTrue(lastStarted < firstFinished, "ran concurrently: all three started before the first ended: " + progress);
        for (String n : List.of("gpu-node-026", "gpu-node-058", "gpu-node-029")) {
            assertTrue(progress.stream().anyMatch(p -> p.node().equals(n) && p.event() instanceof PreflightEvent.Gated), n);
        }
        List<Integer> done = progress.stream().filter(p -> p.event() instanceof PreflightEvent.Finished)
                .map(PreflightBatch.Progress::done).sorted().toList();
        assertEquals(List.of(1, 2, 3), done);
        assertFalse(progress.getFirst().line().isBlank());
        assertEquals("passed", label("gpu-node-026"));
        assertNotNull(annotation("gpu-node-058", "-at"));
        // Each node is an action run of its own: plan, confirmation, steps and exactly one outcome.
        var journal = new dev.flightdeck.app.journal.Journal(journalDir).read(java.time.Instant.now().minusSeconds(600),
                java.time.Instant.now().plusSeconds(60), e -> e.action().equals("preflight")).entries();
        for (String n : List.of("gpu-node-026", "gpu-node-058", "gpu-node-029")) {
            List<String> phases = journal.stream().filter(e -> e.target().equals("node/" + n))
                    .map(dev.flightdeck.app.journal.JournalEntry::phase).toList();
            assertEquals(List.of("plan", "confirm"), phases.subList(0, 2), n + ": " + phases);
            assertEquals("outcome", phases.getLast(), n + ": " + phases);
            assertEquals(1, phases.stream().filter("outcome"::equals).count(), n + ": " + phases);
        }
    }
}
