package dev.flightdeck.views.shell;

import dev.flightdeck.app.fleet.FleetDelta;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.util.Duration;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * Moves fleet deltas from the model thread to the FX thread at a bounded rate. The
 * model-side {@link #accept} only enqueues (it must never block the model or touch
 * the scene); an FX {@link Timeline} drains the queue at most {@link #MAX_HZ} times a
 * second and hands the whole batch, in order, to the view model. However fast the
 * cluster changes, the screen does at most ten small pieces of work per second.
 */
public final class DeltaBatcher implements Consumer<FleetDelta> {

    public static final int MAX_HZ = 10;

    private final Queue<FleetDelta> queue = new ConcurrentLinkedQueue<>();
    private final Consumer<List<FleetDelta>> sink;
    private Timeline timeline;
    private volatile boolean stopped;

    /** @param sink runs on the FX thread with each non-empty batch, oldest delta first */
    public DeltaBatcher(Consumer<List<FleetDelta>> sink) {
        this.sink = sink;
    }

    /** Model thread: enqueue and return. */
    @Override
    public void accept(FleetDelta delta) {
        if (!stopped) {
            queue.add(delta);
        }
    }

    /** FX thread. */
    public void start() {
        if (timeline == null && !stopped) {
            timeline = new Timeline(new KeyFrame(Duration.millis(1000.0 / MAX_HZ), e -> drain()));
            timeline.setCycleCount(Animation.INDEFINITE);
            timeline.play();
        }
    }

    /** FX thread. Drops whatever is still queued: after a context switch it belongs to the old cluster. */
    public void stop() {
        stopped = true;
        if (timeline != null) {
            timeline.stop();
        }
        queue.clear();
    }

    /** FX thread (called by the timeline; tests call it directly). Returns how many deltas were applied. */
    public int drain() {
        if (stopped) {
            return 0;
        }
        List<FleetDelta> batch = new ArrayList<>();
        for (FleetDelta d; (d = queue.poll()) != null; ) {
            batch.add(d);
        }
        if (!batch.isEmpty()) {
            sink.accept(batch);
        }
        return batch.size();
    }

    /** Deltas waiting for the next drain (for tests and the status bar). */
    public int pending() {
        return queue.size();
    }
}
