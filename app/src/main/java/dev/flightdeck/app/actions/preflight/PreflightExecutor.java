package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.nodes.PreflightConvention;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Runs one confirmed re-preflight (conventions §2): creates the validation Job, gates the node
 * ({@code KEY=pending:NoSchedule}, label {@code running}), follows the Job and its pod, and writes
 * the result on the node: passed removes the gate taint; failed, timed out or unschedulable leave it
 * as {@code KEY=failed:NoSchedule} with the reason and the pod's log tail. The Job is created before
 * the node is gated so that a refusal (RBAC, quota, admission) leaves the node untouched; it
 * tolerates the gate either way. Cancelling deletes the Job and leaves the node gated pending.
 * One instance per run; {@link #cancel()} may be called from any thread.
 */
public final class PreflightExecutor {

    static final int LOG_LINES = 20;
    /** Past the deadline, how long the Job controller gets to end the Job before Flightdeck deletes it. */
    private static final Duration CONTROLLER_SLACK = Duration.ofSeconds(30);
    /** Keeps the detail annotation readable and far below the 256 KiB annotation limit. */
    private static final int MAX_DETAIL = 4000;

    private final KubeRest rest;
    private final Clock clock;
    private final Duration poll;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicBoolean jobCreated = new AtomicBoolean();

    public PreflightExecutor(KubeRest rest, Clock clock) {
        this(rest, clock, Duration.ofSeconds(1));
    }

    /** @param poll how often the Job and its pod are read (1 s by default; see {@link ValidationProbe}) */
    public PreflightExecutor(KubeRest rest, Clock clock, Duration poll) {
        this.rest = rest;
        this.clock = clock;
        this.poll = poll;
    }

    public void cancel() {
        cancelled.set(true);
    }

    /** What one run needs at hand, so the steps below take one argument instead of six. */
    private record Run(PreflightPlan plan, PreflightMarks marks, ValidationProbe probe, Consumer<PreflightEvent> events,
                       Instant start) {
        String node() {
            return plan.node();
        }

        PreflightConvention gate() {
            return plan.settings().gate();
        }
    }

    public PreflightOutcome execute(PreflightPlan plan, Consumer<PreflightEvent> events) {
        PreflightSettings s = plan.settings();
        Run run = new Run(plan, new PreflightMarks(rest, s.gate()), new ValidationProbe(rest, s.namespace(), plan.jobName()),
                events, clock.instant());
        String node = plan.node();
        if (!plan.canProceed()) {
            return finish(run, PreflightOutcome.Result.REFUSED, null, "nothing changed on " + node + ": "
                    + String.join("; ", plan.blockers()));
        }
        try {
            String nsProblem = ensureNamespace(s.namespace());
            if (nsProblem != null) {
                return finish(run, PreflightOutcome.Result.ERROR, null, nsProblem + "; nothing changed on " + node);
            }
            KubeRest.Answer c = rest.post(ApiResource.JOBS.path().in(s.namespace()), plan.job());
            if (!c.ok()) {
                return finish(run, PreflightOutcome.Result.ERROR, null, "could not create validation Job "
                        + plan.jobRef() + ": " + c.message() + "; nothing changed on " + node);
            }
            jobCreated.set(true);
            events.accept(new PreflightEvent.JobCreated(plan.jobRef(), plan.gpus(), s.activeDeadlineSeconds()));
            KubeRest.Answer g = run.marks.write(node, "pending", "running", run.start,
                    "running " + s.check().name() + " in Job " + plan.jobRef());
            if (!g.ok()) {
                run.probe.delete();
                return g.code() == 404
                        ? finish(run, PreflightOutcome.Result.NODE_GONE, null, "node " + node
                        + " no longer exists; the validation Job was deleted")
                        : finish(run, PreflightOutcome.Result.ERROR, null, "could not gate " + node + ": "
                        + g.message() + "; the validation Job was deleted and the node is unchanged");
            }
            events.accept(new PreflightEvent.Gated(node, plan.pendingTaint().toString(), s.gate().key() + "=running"));
            return follow(run);
        } catch (IOException e) {
            return finish(run, PreflightOutcome.Result.ERROR, null, "preflight of " + node + " stopped: " + e.getMessage()
                    + (jobCreated.get() ? "; validation Job " + plan.jobRef() + " is left to its deadline ("
                    + plan.settings().activeDeadlineSeconds() + " s) and " + node + " may stay gated ("
                    + plan.pendingTaint() + ") until a preflight passes: once the API server answers, re-run preflight on it"
                    : "; nothing was created and " + node + " is unchanged"));
        } catch (InterruptedException e) {
            // The interrupt is consumed by the throw; clean up as a cancel would, then restore it.
            PreflightOutcome o = cancelledRun(run);
            Thread.currentThread().interrupt();
            return o;
        }
    }

    private PreflightOutcome follow(Run run) throws IOException, InterruptedException {
        long deadline = run.plan.settings().activeDeadlineSeconds();
        Instant giveUp = run.start.plus(Duration.ofSeconds(deadline)).plus(CONTROLLER_SLACK);
        String schedulerSaid = null;
        boolean scheduled = false;
        boolean running = false;
        while (true) {
            if (cancelled.get()) {
                return cancelledRun(run);
            }
            if (rest.get(ApiResource.NODES.path().named(run.node())).code() == 404) {
                run.probe.delete();
                return finish(run, PreflightOutcome.Result.NODE_GONE, null, "node " + run.node()
                        + " was deleted during preflight; the validation Job " + run.plan.jobRef() + " was deleted");
            }
            ValidationSnapshot s = run.probe.look();
            if (s.jobGone()) {
                return finish(run, PreflightOutcome.Result.ERROR, null, "validation Job " + run.plan.jobRef()
                        + " was deleted before it finished; " + run.node() + " stays gated (" + run.plan.pendingTaint() + ")");
            }
            if (s.unschedulable() != null && !s.unschedulable().equals(schedulerSaid)) {
                schedulerSaid = s.unschedulable();
                run.events.accept(new PreflightEvent.Unschedulable(s.pod(), schedulerSaid));
            }
            if (s.podNode() != null && !scheduled) {
                scheduled = true;
                run.events.accept(new PreflightEvent.Scheduled(s.pod(), s.podNode()));
            }
            if (s.running() && !running) {
                running = true;
                run.events.accept(new PreflightEvent.Running(s.pod()));
            }
            if (s.complete()) {
                return passed(run);
            }
            if (s.failed()) {
                return failed(run, s, scheduled, schedulerSaid);
            }
            if (clock.instant().isAfter(giveUp)) {
                run.probe.delete();
                return gateFailed(run, PreflightOutcome.Result.TIMED_OUT, "timed out after " + deadline
                        + " s: the Job controller did not end the Job, so Flightdeck deleted it");
            }
            Thread.sleep(poll.toMillis());
        }
    }

    private PreflightOutcome passed(Run run) throws IOException {
        PreflightSettings s = run.plan.settings();
        long took = Duration.between(run.start, clock.instant()).toSeconds();
        String detail = s.check().name() + " passed on " + run.plan.gpus() + " GPUs in " + took + " s (Job "
                + run.plan.jobRef() + ")";
        KubeRest.Answer a = run.marks.write(run.node(), null, "passed", clock.instant(), detail);
        if (!a.ok()) {
            return unmarked(run, a, "passed");
        }
        return finish(run, PreflightOutcome.Result.PASSED, detail, run.node() + " passed preflight: " + detail
                + "; the " + s.gate().key() + " taint is removed");
    }

    private PreflightOutcome failed(Run run, ValidationSnapshot s, boolean scheduled, String schedulerSaid)
            throws IOException {
        long deadline = run.plan.settings().activeDeadlineSeconds();
        boolean deadlineExceeded = "DeadlineExceeded".equals(s.endReason());
        if (deadlineExceeded && !scheduled && s.podNode() == null) {
            return gateFailed(run, PreflightOutcome.Result.UNSCHEDULABLE, "could not schedule within " + deadline + " s: "
                    + (schedulerSaid != null ? schedulerSaid : "the Job controller made no pod"));
        }
        String tail = run.probe.logTail(s.pod(), LOG_LINES);
        if (deadlineExceeded) {
            return gateFailed(run, PreflightOutcome.Result.TIMED_OUT, "timed out after " + deadline + " s: "
                    + run.plan.settings().check().name() + " did not finish\n" + tail);
        }
        String how = s.exit() != null ? "container " + s.exit() : "Job failed (" + s.endReason() + ")";
        return gateFailed(run, PreflightOutcome.Result.FAILED, run.plan.settings().check().name() + " failed: "
                + how + "\n" + tail);
    }

    /** Keeps the node out: {@code KEY=failed:NoSchedule}, label failed, detail = the reason and log tail. */
    private PreflightOutcome gateFailed(Run run, PreflightOutcome.Result result, String detail) throws IOException {
        String kept = detail.length() > MAX_DETAIL ? detail.substring(detail.length() - MAX_DETAIL) : detail;
        KubeRest.Answer a = run.marks.write(run.node(), "failed", "failed", clock.instant(), kept);
        if (!a.ok()) {
            return unmarked(run, a, "failed");
        }
        return finish(run, result, kept, run.node() + " failed preflight: " + firstLine(kept) + "; it stays gated ("
                + run.plan.failedTaint() + ")");
    }

    private PreflightOutcome cancelledRun(Run run) {
        String job = run.plan.jobRef();
        try {
            run.probe.delete();
            KubeRest.Answer a = run.marks.write(run.node(), "pending", null, null, "preflight cancelled at "
                    + clock.instant() + "; validation Job " + job + " deleted");
            if (!a.ok()) {
                return finish(run, PreflightOutcome.Result.CANCELLED, null, "cancelled: validation Job " + job
                        + " deleted, but " + run.node() + " could not be marked: " + a.message());
            }
        } catch (IOException e) {
            return finish(run, PreflightOutcome.Result.CANCELLED, null, "cancelled, but cleaning up failed: "
                    + e.getMessage() + "; delete Job " + job + " by hand; " + run.node() + " stays gated");
        }
        return finish(run, PreflightOutcome.Result.CANCELLED, null, "cancelled: validation Job " + job + " deleted; "
                + run.node() + " stays gated (" + run.plan.pendingTaint() + ") until a preflight passes");
    }

    private PreflightOutcome unmarked(Run run, KubeRest.Answer a, String result) {
        return a.code() == 404
                ? finish(run, PreflightOutcome.Result.NODE_GONE, null, "node " + run.node()
                + " was deleted before the result (" + result + ") could be written")
                : finish(run, PreflightOutcome.Result.ERROR, null, "the validation " + result + " but " + run.node()
                + " could not be marked: " + a.message());
    }

    /** Returns a line when the namespace is missing and cannot be created; a 403 on reading it is left to the Job's creation. */
    private String ensureNamespace(String ns) throws IOException {
        if (rest.get(ApiResource.NAMESPACES.path().named(ns)).code() != 404) {
            return null;
        }
        KubeRest.Answer c = rest.post(ApiResource.NAMESPACES.path(), Map.of("apiVersion", "v1", "kind", "Namespace",
                "metadata", Map.of("name", ns, "labels", Map.of(PreflightJobManifest.MANAGED_BY_LABEL,
                        PreflightJobManifest.MANAGED_BY_VALUE))));
        return c.ok() || c.code() == 409 ? null
                : "namespace " + ns + " does not exist and could not be created: " + c.message();
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    private PreflightOutcome finish(Run run, PreflightOutcome.Result result, String detail, String summary) {
        PreflightOutcome o = new PreflightOutcome(result, run.node(), jobCreated.get() ? run.plan.jobRef() : null, detail,
                summary);
        run.events.accept(new PreflightEvent.Finished(o));
        return o;
    }
}
