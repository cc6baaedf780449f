package dev.flightdeck.views.shell;

import dev.flightdeck.app.model.ClusterDelta;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Moves fleet deltas from the model thread to the FX thread at a bounded rate. The
 * model-side {@link #accept} only enqueues (it must never block the model or touch
 * the scene); an FX timeline ({@link BatchPacing}) drains the queue at most {@link #MAX_HZ} times a
 * second and hands the whole batch, in order, to the view model, which folds it by
 * object: however fast the cluster changes, a batch costs what changed in 100 ms.
 * <p>
 * It also says how far the screen is behind the watch ({@link #lagMillis()}: how long the
 * oldest delta of the last batch waited) and how fast objects change ({@link #updatesPerSecond()}),
 * so the status bar can say so honestly; it gives each drain a deadline ({@link #BUDGET_MILLIS}): the screens
 * apply what fits and keep the rest for the next drain ({@link #backlog()}), so no pulse carries a whole relist;
 * and it holds batches back while the user presses
 * a mouse button ({@link #holdWhile}), at most {@link #MAX_HOLD_MILLIS}, so a row is not
 * re-ordered away mid-click.
 * <p>
 * Its clock and ticks come from {@link BatchPacing}: the FX ones on screen, a hand-driven one in tests.
 */
public final class DeltaBatcher implements Consumer<ClusterDelta> {

    public static final int MAX_HZ = 10;
    public static final long MAX_HOLD_MILLIS = 1_000;
    /** The FX thread's time per drain for applying changes to the rows; the table's own layout comes on top. */
    public static final long BUDGET_MILLIS = 12;

    /** Where batches go, on the FX thread: applies what it can before the deadline, returns how many changes wait. */
    @FunctionalInterface
    public interface Sink {
        int apply(List<ClusterDelta> batch, long deadlineNanos);
    }

    private record Queued(ClusterDelta delta, long nanos) { }

    private final Queue<Queued> queue = new ConcurrentLinkedQueue<>();
    private final Sink sink;
    private final BatchPacing pacing;
    private int backlog;
    private BatchPacing.Ticks timeline;
    private BatchPacing.Ticks catchUpTicks;
    private volatile boolean stopped;
    private BooleanSupplier hold = () -> false;
    private BooleanSupplier finishing = () -> false;
    private long heldSince;
    private long lagMillis;
    private double updatesPerSecond;
    private long lastDrainNanos;

    /** @param sink runs on the FX thread with each non-empty batch, oldest delta first, and while changes wait */
    public DeltaBatcher(Sink sink) {
        this(sink, BatchPacing.fx());
    }

    /** As above, measured and ticked by {@code pacing}. */
    public DeltaBatcher(Sink sink, BatchPacing pacing) {
        this.sink = sink;
        this.pacing = pacing;
    }

    /** Model thread: enqueue and return. */
    @Override
    public void accept(ClusterDelta delta) {
        if (!stopped) {
            queue.add(new Queued(delta, pacing.nanoTime()));
        }
    }

    /** FX thread. */
    public void start() {
        if (timeline == null && !stopped) {
            catchUpTicks = pacing.eachFrame(this::catchUp);
            timeline = pacing.every(Duration.ofMillis(1000 / MAX_HZ), this::drain);
            timeline.start();
        }
    }

    /**
     * While changes wait (a first fill, a burst), the screens take their budget on every pulse instead of ten
     * times a second: each pulse stays bounded, and 7,500 first rows are on screen in a fraction of the time.
     */
    private void catchUp() {
        if (stopped || backlog == 0) {
            catchUpTicks.stop();
        } else {
            drain();
        }
    }

    /** FX thread. Drops whatever is still queued: after a context switch it belongs to the old cluster. */
    public void stop() {
        stopped = true;
        if (timeline != null) {
            timeline.stop();
            catchUpTicks.stop();
        }
        queue.clear();
    }

    /** FX thread: while {@code hold} says so (e.g. a mouse button is down), batches wait, at most a second. */
    public void holdWhile(BooleanSupplier hold) {
        this.hold = hold;
    }

    /**
     * FX thread: while {@code finishing} says so (rows wait for their new place), every tick reaches the screens,
     * with an empty batch if nothing came, so what they keep back is shown without waiting for the next change.
     */
    public void finishWhile(BooleanSupplier finishing) {
        this.finishing = finishing;
    }

    /** FX thread (called by the timeline; tests call it directly). Returns how many deltas were applied. */
    public int drain() {
        if (stopped) {
            return 0;
        }
        long now = pacing.nanoTime();
        if (hold.getAsBoolean() && !queue.isEmpty()) {
            if (heldSince == 0) {
                heldSince = now;
            }
            if (now - heldSince < MAX_HOLD_MILLIS * 1_000_000) {
                return 0;
            }
        }
        heldSince = 0;
        List<ClusterDelta> batch = new ArrayList<>();
        long oldest = 0;
        long objects = 0;
        for (Queued q; (q = queue.poll()) != null; ) {
            if (batch.isEmpty()) {
                oldest = q.nanos();
            }
            batch.add(q.delta());
            objects += size(q.delta());
        }
        measure(now, oldest, objects, batch.isEmpty());
        if (!batch.isEmpty() || backlog > 0 || finishing.getAsBoolean()) {
            backlog = sink.apply(batch, now + BUDGET_MILLIS * 1_000_000);
            if (backlog > 0 && timeline != null) {
                catchUpTicks.start(); // a no-op when it runs already
            }
        }
        return batch.size();
    }

    private static long size(ClusterDelta d) {
        return d.reset() ? 0 : (long) d.upserted().size() + d.removed().size() + d.gangsChanged().size()
                + d.gangsRemoved().size();
    }

    private void measure(long now, long oldest, long objects, boolean empty) {
        lagMillis = empty ? 0 : (now - oldest) / 1_000_000;
        if (lastDrainNanos != 0) {
            double seconds = Math.max(1e-3, (now - lastDrainNanos) / 1e9);
            // Smoothed over about two seconds: a rate to read, not a flicker.
            double alpha = Math.min(1, seconds / 2);
            updatesPerSecond += alpha * (objects / seconds - updatesPerSecond);
        }
        lastDrainNanos = now;
    }

    /** FX thread: how long the oldest delta of the last batch waited to reach the screen. */
    public long lagMillis() {
        return lagMillis;
    }

    /** FX thread: objects changed per second, smoothed (relists not counted). */
    public double updatesPerSecond() {
        return updatesPerSecond;
    }

    /** FX thread: changes folded but not yet on the rows, as the screens said after the last drain. */
    public int backlog() {
        return backlog;
    }

    /** Deltas waiting for the next drain (for tests and the status bar). */
    public int pending() {
        return queue.size();
    }
}
