package dev.flightdeck.app.actions;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One run of one action, the same for every action and for every caller (the console's windows,
 * the headless commands, a drain series, a preflight batch):
 * <ol>
 *   <li>{@link #read} the plan, changing nothing; {@link #planned} journals the plan the operator
 *       was shown ({@link #plan} does both);</li>
 *   <li>{@link #execute}: refused in words when the context is read-only, RBAC says no or the plan
 *       itself does; else the confirmation is journaled — nothing changes if it cannot be — and the
 *       operation runs, every step shown and journaled (a journal that fails mid-run stops it);</li>
 *   <li>the outcome is recorded as an Event on the object and journaled as exactly one outcome
 *       entry, also when the operation throws;</li>
 *   <li>{@link #cancel} asks the run under way to stop, from any thread.</li>
 * </ol>
 * Blocking throughout: call it off the UI thread.
 */
public final class ActionRun<P, E, O> {

    private final ActionSession s;
    private final Operation<P, E, O> op;
    private ActionJournal journal;

    public ActionRun(ActionSession s, Operation<P, E, O> op) {
        this.s = s;
        this.op = op;
    }

    public Operation<P, E, O> operation() {
        return op;
    }

    /** The plan as it is now, changing and journaling nothing. */
    public P read() throws IOException, ActionRefused {
        return op.read();
    }

    /** The plan in words, as the operator reads it. */
    public List<String> lines(P plan) {
        return op.lines(plan);
    }

    /** Journals the plan the operator was shown. */
    public void planned(P plan) throws IOException {
        List<String> lines = op.lines(plan);
        journal().write("plan", lines.getFirst(), Map.of("plan", lines));
    }

    /** Reads the plan and journals it: what a window shows. */
    public P plan() throws IOException, ActionRefused {
        P p = read();
        planned(p);
        return p;
    }

    /** Why this plan may not be carried out here (read-only, RBAC, the plan's own refusal), or null. May block. */
    public String whyNot(P plan) {
        String why = s.whyNot(op.permissions(plan));
        return why != null ? why : op.refusal(plan);
    }

    /**
     * Carries out the confirmed plan; {@code events} sees every step, from this thread.
     *
     * @throws ActionRefused when it may not be carried out (nothing was journaled or changed)
     * @throws IOException   when the confirmation cannot be journaled (nothing was changed)
     */
    public O execute(P plan, String reason, Consumer<E> events) throws IOException, ActionRefused {
        String why = whyNot(plan);
        if (why != null) {
            throw new ActionRefused(why);
        }
        ActionJournal j = journal();
        Operation.Confirmation c = op.confirmation(plan, reason);
        j.write("confirm", c.line(), c.details());
        try {
            JournaledSteps<E> steps = new JournaledSteps<>(j, events, op);
            O outcome = op.execute(plan, reason, j, steps);
            Operation.Ending end = op.ending(plan, outcome);
            String summary = steps.summary(end.summary());
            String eventProblem = ClusterEvents.record(s.rest(), end.regarding(), end.reason(), end.eventAction(), summary,
                    !end.succeeded(), j.user(), s.clock().instant());
            Map<String, Object> details = new LinkedHashMap<>(end.details());
            details.put("event", eventProblem == null ? "recorded" : eventProblem);
            j.outcome(summary, details);
            return outcome;
        } catch (RuntimeException e) {
            throw j.failed(e);
        }
    }

    /** Asks the run under way to stop; returns whether it will. */
    public boolean cancel() {
        return op.cancel();
    }

    /** Made on first use, off the UI thread: stamping it asks the API server who we are. */
    private synchronized ActionJournal journal() {
        if (journal == null) {
            journal = s.journalFor(op.action(), op.target());
        }
        return journal;
    }
}
