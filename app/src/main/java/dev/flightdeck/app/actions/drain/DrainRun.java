package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.actions.JournaledSteps;
import dev.flightdeck.app.actions.KubeRest;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One drain as the operator lives it: the plan they read is journaled, their confirmation is
 * journaled (what they consented to, the reason), every step and the outcome are journaled, and
 * the outcome is recorded as a {@code FlightdeckDrain} Event on the node. If the journal cannot
 * be written before the drain starts, nothing is done; if it fails during the drain, the drain is
 * cancelled (the node stays cordoned), because an unrecorded action is worse than a paused one.
 */
public final class DrainRun {

    public static final String EVENT_REASON = "FlightdeckDrain";

    private final KubeRest rest;
    private final ActionJournal journal;
    private final DrainExecutor executor;
    private final Clock clock;

    public DrainRun(KubeRest rest, ActionJournal journal, DrainExecutor executor, Clock clock) {
        this.rest = rest;
        this.journal = journal;
        this.executor = executor;
        this.clock = clock;
    }

    /** The plan as the operator saw it. */
    public void planned(DrainPlan plan) throws IOException {
        journal.write("plan", DrainPlanText.lines(plan).getFirst(), Map.of("plan", DrainPlanText.lines(plan)));
    }

    /**
     * Journals the confirmation and runs the drain; {@code ui} sees every event. Throws only when
     * the confirmation cannot be journaled (then nothing was changed).
     */
    public DrainOutcome execute(DrainPlan plan, String reason, DrainExecutor.Replanner replanner,
                                Consumer<DrainEvent> ui) throws IOException {
        journal.write("confirm", "confirmed: drain " + plan.node() + (reason.isBlank() ? "" : " — " + reason),
                Map.of("reason", reason, "deleteEmptyDirData", plan.options().deleteEmptyDirData(),
                        "force", plan.options().force(), "disableEviction", plan.options().disableEviction(),
                        "timeoutSeconds", plan.options().timeout().toSeconds(),
                        "brokenGangs", plan.broken().stream().map(b -> b.key().toString()).toList()));
        try {
            JournaledSteps<DrainEvent> steps = new JournaledSteps<>(journal, ui, e -> e instanceof DrainEvent.Finished,
                    DrainEvent::line, executor::cancel);
            DrainOutcome outcome = executor.execute(plan, reason, journal.user(), replanner, steps);
            String summary = steps.summary(outcome.summary());
            String eventProblem = ClusterEvents.record(rest, ClusterEvents.Regarding.node(plan.node(), null), EVENT_REASON,
                    "Drain", summary, outcome.result() != DrainOutcome.Result.DRAINED, journal.user(), clock.instant());
            journal.outcome(summary, Map.of("result", outcome.result().name(), "evicted", outcome.evicted(),
                    "remaining", List.copyOf(outcome.remaining()), "event", eventProblem == null ? "recorded" : eventProblem));
            return outcome;
        } catch (RuntimeException e) {
            throw journal.failed(e);
        }
    }

    public void cancel() {
        executor.cancel();
    }
}
