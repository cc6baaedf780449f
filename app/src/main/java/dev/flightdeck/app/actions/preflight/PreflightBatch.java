package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.actions.KubeRest;

import java.time.Clock;
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
 * Re-preflights several nodes, a few at a time: each validation takes every GPU of its own node, so
 * they do not compete for hardware, but each one is a Job, a pod and a poll on the API server, and a
 * bound keeps a 500-node selection from arriving all at once. Progress is reported per node.
 */
public final class PreflightBatch {

    public static final int DEFAULT_PARALLEL = 4;

    /** One event of one node's run; {@code done} counts the nodes finished so far. */
    public record Progress(String node, PreflightEvent event, int done, int total) {
        public String line() {
            return node + ": " + event.line();
        }
    }

    private final KubeRest rest;
    private final Clock clock;
    private final Duration poll;
    private final int parallel;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final Map<String, PreflightExecutor> running = new ConcurrentHashMap<>();

    public PreflightBatch(KubeRest rest, Clock clock, Duration poll, int parallel) {
        if (parallel < 1) {
            throw new IllegalArgumentException("a preflight batch needs at least 1 node at a time, not " + parallel);
        }
        this.rest = rest;
        this.clock = clock;
        this.poll = poll;
        this.parallel = parallel;
    }

    /** Cancels the runs under way (their Jobs are deleted) and starts no more. */
    public void cancel() {
        cancelled.set(true);
        running.values().forEach(PreflightExecutor::cancel);
    }

    /**
     * Runs every plan and waits for all of them.
     *
     * @param events called from the batch's threads, so it must be thread-safe
     * @return one outcome per plan, in the plans' order
     */
    public List<PreflightOutcome> run(List<PreflightPlan> plans, Consumer<Progress> events) throws InterruptedException {
        AtomicInteger done = new AtomicInteger();
        int total = plans.size();
        List<Future<PreflightOutcome>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(parallel, total)),
                Thread.ofPlatform().name("preflight-", 0).daemon().factory())) {
            for (PreflightPlan plan : plans) {
                futures.add(pool.submit(() -> one(plan, events, done, total)));
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

    private PreflightOutcome one(PreflightPlan plan, Consumer<Progress> events, AtomicInteger done, int total) {
        String node = plan.node();
        PreflightExecutor executor = new PreflightExecutor(rest, clock, poll);
        running.put(node, executor);
        try {
            if (cancelled.get()) {
                PreflightOutcome skipped = new PreflightOutcome(PreflightOutcome.Result.CANCELLED, node, null, null,
                        Duration.ZERO, "cancelled before it started; nothing changed on " + node);
                events.accept(new Progress(node, new PreflightEvent.Finished(skipped), done.incrementAndGet(), total));
                return skipped;
            }
            return executor.execute(plan, e -> events.accept(new Progress(node, e,
                    e instanceof PreflightEvent.Finished ? done.incrementAndGet() : done.get(), total)));
        } finally {
            running.remove(node);
        }
    }
}
