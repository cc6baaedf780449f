package dev.flightdeck.views.shell;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link BatchPacing} the test drives: its clock moves only when {@link #advance} says so, and its ticks run
 * only when {@link #tick} or {@link #frame} is called, on the test's thread. It starts at one second, not zero,
 * as the batcher reads zero as "not yet".
 */
final class ManualPacing implements BatchPacing {

    private long now = Duration.ofSeconds(1).toNanos();
    private final List<Duration> periods = new ArrayList<>();
    private final List<Ticking> every = new ArrayList<>();
    private final List<Ticking> frames = new ArrayList<>();

    private static final class Ticking implements Ticks {
        final Runnable tick;
        boolean running;

        Ticking(Runnable tick) {
            this.tick = tick;
        }

        @Override
        public void start() {
            running = true;
        }

        @Override
        public void stop() {
            running = false;
        }
    }

    @Override
    public long nanoTime() {
        return now;
    }

    void advance(Duration by) {
        now += by.toNanos();
    }

    @Override
    public Ticks every(Duration period, Runnable tick) {
        periods.add(period);
        Ticking t = new Ticking(tick);
        every.add(t);
        return t;
    }

    @Override
    public Ticks eachFrame(Runnable tick) {
        Ticking t = new Ticking(tick);
        frames.add(t);
        return t;
    }

    /** The periods asked for, in order. */
    List<Duration> periods() {
        return List.copyOf(periods);
    }

    /** One period's tick of every running repeat. */
    void tick() {
        every.stream().filter(t -> t.running).toList().forEach(t -> t.tick.run());
    }

    /** One frame: each running per-frame tick; returns whether any ran. */
    boolean frame() {
        List<Ticking> running = frames.stream().filter(t -> t.running).toList();
        running.forEach(t -> t.tick.run());
        return !running.isEmpty();
    }
}
