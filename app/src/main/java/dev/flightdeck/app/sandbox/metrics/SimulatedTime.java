package dev.flightdeck.app.sandbox.metrics;

import java.time.Duration;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * The sandbox API server's clock for its metrics: seconds since it "started",
 * following the wall clock times a speed factor, plus jumps. A test jumps 15 s
 * ahead instead of waiting; a demo runs at 60x to see an hour of history in a
 * minute. Never goes backwards.
 */
public final class SimulatedTime {

    private final LongSupplier nanos;
    private final Instant started;
    private long baseNanos;
    private double baseSeconds;
    private double speed = 1;

    SimulatedTime(LongSupplier nanos, Instant started) {
        this.nanos = nanos;
        this.started = started;
        this.baseNanos = nanos.getAsLong();
    }

    static SimulatedTime wallClock() {
        return new SimulatedTime(System::nanoTime, Instant.now());
    }

    /** Simulated seconds since the server started. */
    public synchronized double seconds() {
        return baseSeconds + (nanos.getAsLong() - baseNanos) / 1e9 * speed;
    }

    /** When the simulated server started (its {@code process_start_time_seconds}). */
    public Instant started() {
        return started;
    }

    /** Jumps ahead, as if {@code by} had passed. */
    public synchronized void advance(Duration by) {
        if (by.isNegative()) {
            throw new IllegalArgumentException("time does not go backwards: " + by);
        }
        baseSeconds += by.toNanos() / 1e9;
    }

    /** From now on, simulated time passes {@code factor} times as fast as the wall clock. */
    public synchronized void setSpeed(double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("speed must be a positive number: " + factor);
        }
        long now = nanos.getAsLong();
        baseSeconds += (now - baseNanos) / 1e9 * speed;
        baseNanos = now;
        speed = factor;
    }
}
