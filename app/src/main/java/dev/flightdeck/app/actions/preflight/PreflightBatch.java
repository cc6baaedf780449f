package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.actions.ActionRefused;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Re-preflights several nodes, a few at a time, each one a full action run of its own (plan,
 * confirmation, steps and outcome journaled, an Event on its node): each validation takes every GPU
 * of its own node, so they do not compete for hardware, but each one is a Job, a pod and a poll on
 * the API server, and a bound keeps a 500-node selection from arriving all at once.
 */
public final class PreflightBatch {

    public static final int DEFAULT_PARALLEL = 4;

    /** One event of one node's run; {@code done} counts the nodes finished so far. */
    public record Progress(String node, PreflightEvent event, int done, int total) {
        public String line() {
            return node + ": " + event.line();
        }
    }

    private final ActionSession s;
    private final Duration poll;
    private final int parallel;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final Map<String, ActionRun<PreflightPlan, PreflightEvent, PreflightOutcome>> running = new ConcurrentHashMap<>();

    public PreflightBatch(ActionSession s, Duration poll, int parallel) {
        if (parallel < 1) {
            throw new IllegalArgumentException("a preflight batch needs at least 1 node at a time, not " + parallel);
        }
        this.s = s;
        this.poll = poll;
        this.parallel = parallel;
    }

    /** Cancels the runs under way (their Jobs are deleted) and starts no more. */
    public void cancel() {
        cancelled.set(true);
        running.values().forEach(ActionRun::cancel);
    }

    /**
     * Plans, confirms and runs every node with {@code settings}, and waits for all of them.
     *
     * @param events called from the batch's threads, so it must be thread-safe
     * @return one outcome per node, in the nodes' order
     */
    public List<PreflightOutcome> run(List<String> nodes, PreflightSettings settings, Consumer<Progress> events)
            throws InterruptedException {
        AtomicInteger done = new AtomicInteger();
        int total = nodes.size();
        List<Future<PreflightOutcome>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(parallel, total)),
                Thread.ofPlatform().name("preflight-", 0).daemon().factory())) {
            for (String node : nodes) {
                futures.add(pool.submit(() -> one(node, settings, total, events, done)));
            }
            List<PreflightOutcome> out = new ArrayList<>();
            for (Future<PreflightOutcome> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException("a preflight run failed unexpectedly: " + e.getCause(), e.getCause());
                }
            }
            return out;
        }
    }

    private PreflightOutcome one(String node, PreflightSettings settings, int total, Consumer<Progress> events,
                                 AtomicInteger done) {
        Consumer<PreflightEvent> report = e -> events.accept(new Progress(node, e,
                e instanceof PreflightEvent.Finished ? done.incrementAndGet() : done.get(), total));
        ActionRun<PreflightPlan, PreflightEvent, PreflightOutcome> run = PreflightOperation.run(s, node, settings, poll);
        running.put(node, run);
        try {
            // Checked once the run is in the map: cancel() stops every run there, so none can slip between the two.
            if (cancelled.get()) {
                return finish(node, PreflightOutcome.Result.CANCELLED, "cancelled before it started; nothing changed on "
                        + node, report);
            }
            PreflightPlan plan = run.plan();
            return run.execute(plan, "one of " + total + " nodes re-preflighted together", report);
        } catch (ActionRefused r) {
            return finish(node, PreflightOutcome.Result.REFUSED, "refused: " + r.getMessage(), report);
        } catch (IOException | RuntimeException e) {
            // The run journaled its own outcome if it had been confirmed; this node's line says what broke.
            return finish(node, PreflightOutcome.Result.ERROR, "preflight of " + node + " stopped: "
                    + dev.flightdeck.app.watch.Problems.describe(e), report);
        } finally {
            running.remove(node);
        }
    }

    private static PreflightOutcome finish(String node, PreflightOutcome.Result result, String summary,
                                           Consumer<PreflightEvent> report) {
        PreflightOutcome o = new PreflightOutcome(result, node, null, null, summary);
        report.accept(new PreflightEvent.Finished(o));
        return o;
    }
}
