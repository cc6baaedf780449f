package dev.flightdeck.sandbox.metrics;

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

    /**
     * This time as a {@link java.time.Clock}, so a scraper's rates divide the sandbox's counter
     * growth by the time that passed for the sandbox (a test's jump, a demo's speed-up).
     */
    public java.time.Clock clock() {
        SimulatedTime t = this;
        return new java.time.Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return java.time.ZoneOffset.UTC;
            }

            @Override
            public java.time.Clock withZone(java.time.ZoneId zone) {
                return java.time.Clock.fixed(instant(), zone);
            }

            @Override
            public Instant instant() {
                return started.plusNanos((long) (t.seconds() * 1e9));
            }
        };
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
