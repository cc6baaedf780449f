package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.actions.JournaledSteps;

import java.io.IOException;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One re-preflight of one node as the operator lives it, the same from the console and from
 * {@code flightdeck preflight}: the plan read and journaled, the confirmation journaled before
 * anything changes, every step journaled, the outcome recorded as a FlightdeckPreflight Event on
 * the node, and exactly one outcome entry. A journal that fails during the run cancels it (the
 * node stays gated): an unrecorded action is worse than a stopped one.
 */
public final class PreflightRun {

    public static final String EVENT_REASON = "FlightdeckPreflight";

    private final ActionSession s;
    private final String node;
    private final ActionJournal journal;
    private final PreflightExecutor executor;

    public PreflightRun(ActionSession s, String node) {
        this.s = s;
        this.node = node;
        this.journal = s.journalFor("preflight", "node/" + node);
        this.executor = new PreflightExecutor(s.rest(), s.clock());
    }

    /** Reads the node and journals the plan the operator is shown. */
    public PreflightPlan plan(PreflightSettings settings) throws IOException {
        PreflightPlan p = new PreflightPlanReader(s.rest()).read(node, settings);
        journal.write("plan", PreflightPlanText.lines(p).getFirst(), Map.of("plan", PreflightPlanText.lines(p)));
        return p;
    }

    /**
     * Runs the confirmed plan; {@code ui} sees every event. Throws only when the confirmation
     * cannot be journaled (then nothing was changed).
     */
    public PreflightOutcome execute(PreflightPlan plan, Consumer<PreflightEvent> ui) throws IOException {
        journal.write("confirm", "confirmed: re-run preflight on " + node + " with " + plan.settings().check().name(),
                Map.of("check", plan.settings().check().name()));
        try {
            JournaledSteps<PreflightEvent> steps = new JournaledSteps<>(journal, ui, e -> e instanceof PreflightEvent.Finished,
                    PreflightEvent::line, executor::cancel);
            PreflightOutcome o = executor.execute(plan, steps);
            String summary = steps.summary(o.summary());
            String eventProblem = ClusterEvents.record(s.rest(), ClusterEvents.Regarding.node(node, null), EVENT_REASON,
                    "Preflight", summary, o.result() != PreflightOutcome.Result.PASSED, s.user(), s.clock().instant());
            journal.outcome(summary, Map.of("result", o.result().name(), "detail", o.detail() == null ? "" : o.detail(),
                    "event", eventProblem == null ? "recorded" : eventProblem));
            return o;
        } catch (RuntimeException e) {
            throw journal.failed(e);
        }
    }

    /** Stops the run: the Job is deleted and the node stays gated pending. */
    public void cancel() {
        executor.cancel();
    }
}
