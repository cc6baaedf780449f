package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.actions.ActionRefused;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Draining several nodes as one decision: the circuit breaker judges them together (by the end they
 * are all out of service at once), then they are drained one after another, each a full drain run
 * (journal, Events, outcome), and the first node that does not drain stops the series — a person
 * looks before the next one goes. The rule lives here, not in a screen, so the console and any
 * headless caller drain a set of nodes the same way.
 */
public final class DrainSeries {

    /** What a series run reports, from the thread it runs on. */
    public interface Listener {
        /** A step of {@code node}'s drain. */
        void event(String node, DrainEvent event);

        /** {@code node}'s drain ended (its outcome is journaled). */
        void finished(String node, DrainOutcome outcome);

        /** {@code node} was not drained because the series stopped before it ({@code why}). */
        void notStarted(String node, String why);
    }

    private final ActionSession s;
    private final Supplier<DrainExecutor> executors;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicReference<ActionRun<DrainPlan, DrainEvent, DrainOutcome>> current = new AtomicReference<>();

    public DrainSeries(ActionSession s) {
        this(s, () -> new DrainExecutor(s.rest(), s.clock()));
    }

    /** @param executors one executor per node's drain (tests shorten the budget retry) */
    public DrainSeries(ActionSession s, Supplier<DrainExecutor> executors) {
        this.s = s;
        this.executors = executors;
    }

    /** One plan per node, in order, each carrying the breaker's verdict on all of them together. */
    public Map<String, DrainPlan> plan(List<String> nodes, DrainOptions options) throws IOException {
        DrainPlanReader reader = new DrainPlanReader(s.rest(), s.session().checkpoints()::read);
        CircuitBreaker.Check together = CircuitBreaker.of(s.drainLimits())
                .check(s.session().model().snapshot().nodes(), new LinkedHashSet<>(nodes));
        Map<String, DrainPlan> plans = new LinkedHashMap<>();
        for (String n : nodes) {
            plans.put(n, reader.read(n, s.session().model().gangs(), options, s.clock().instant()).withBreaker(together));
        }
        return plans;
    }

    /**
     * Drains the confirmed plans one after another with one reason. Returns the outcomes of the nodes
     * that were drained (or tried); the rest are reported as not started. A node refused when its turn
     * comes (RBAC, read-only, its plan) stops the series there.
     */
    public List<DrainOutcome> run(Map<String, DrainPlan> confirmed, String reason, DrainOptions options, Listener listener)
            throws IOException {
        List<DrainOutcome> outcomes = new ArrayList<>();
        String stoppedBecause = null;
        for (Map.Entry<String, DrainPlan> e : confirmed.entrySet()) {
            String n = e.getKey();
            if (stopped.get()) {
                listener.notStarted(n, stoppedBecause != null ? stoppedBecause : "stopped");
                continue;
            }
            ActionRun<DrainPlan, DrainEvent, DrainOutcome> run = new ActionRun<>(s, new DrainOperation(s, n, options,
                    executors.get()));
            current.set(run);
            run.planned(e.getValue());
            DrainOutcome out;
            try {
                out = run.execute(e.getValue(), reason + " (one of " + confirmed.size() + " nodes)",
                        event -> listener.event(n, event));
            } catch (ActionRefused refused) {
                stopped.set(true);
                stoppedBecause = n + " was refused: " + refused.getMessage();
                listener.notStarted(n, refused.getMessage());
                continue;
            }
            outcomes.add(out);
            listener.finished(n, out);
            if (out.result() != DrainOutcome.Result.DRAINED && !stopped.getAndSet(true)) {
                stoppedBecause = n + " did not drain (" + out.result().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                        + "): look at it before draining the next";
            }
        }
        return outcomes;
    }

    /** Stops the series: the node being drained stops evicting (and stays cordoned), the rest are not started. */
    public void stop() {
        stopped.set(true);
        ActionRun<DrainPlan, DrainEvent, DrainOutcome> r = current.get();
        if (r != null) {
            r.cancel();
        }
    }
}
