package dev.flightdeck.app.checkpoints;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the console knows about a workload's checkpoints.
 *
 * @param source  where it came from; with a {@code problem} it may still be OBJECT_STORAGE and
 *                have no checkpoint (storage failed and no annotations to fall back on)
 * @param newest  the newest complete checkpoint, or null when none is known
 * @param recent  complete checkpoints, newest first, at most {@link #MAX_RECENT} (for spacing)
 * @param problem null, or one line for the person saying what went wrong and what to check
 */
public record CheckpointStatus(CheckpointSource source, Checkpoint newest, List<Checkpoint> recent, String problem) {

    /** How many recent checkpoints are kept: enough to show their spacing, no more. */
    public static final int MAX_RECENT = 5;

    public CheckpointStatus {
        recent = recent == null ? List.of() : List.copyOf(recent.subList(0, Math.min(MAX_RECENT, recent.size())));
    }

    /** The workload names no checkpoint (no prefix, no annotations). */
    public static CheckpointStatus none() {
        return new CheckpointStatus(CheckpointSource.NONE, null, List.of(), null);
    }

    /** Nothing known from {@code source}, for the reason in {@code problem}. */
    public static CheckpointStatus failed(CheckpointSource source, String problem) {
        return new CheckpointStatus(source, null, List.of(), problem);
    }

    /** Same status with another problem line (null clears it). */
    public CheckpointStatus withProblem(String line) {
        return new CheckpointStatus(source, newest, recent, line);
    }

    /**
     * Time since the newest complete checkpoint, or empty when unknown (no checkpoint, or no
     * completion time). A completion time up to a minute ahead (clocks a little apart) counts as
     * age zero; one further ahead is not believed — age unknown, never "saved just now".
     */
    public Optional<Duration> age(Instant now) {
        if (newest == null || newest.completedAt() == null || newest.completedAt().isAfter(now.plus(CLOCK_SKEW))) {
            return Optional.empty();
        }
        Duration d = Duration.between(newest.completedAt(), now);
        return Optional.of(d.isNegative() ? Duration.ZERO : d);
    }

    /** How far ahead of this machine a checkpoint's completion time may be and still be believed. */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(1);
}
