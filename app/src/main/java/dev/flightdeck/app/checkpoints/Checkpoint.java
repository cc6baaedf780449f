package dev.flightdeck.app.checkpoints;

import java.time.Instant;

/**
 * One complete checkpoint.
 *
 * @param uri         where it lives: the step's folder ({@code s3://bucket/run/step-300/}), or the
 *                    URI the job wrote into {@code flightdeck.dev/checkpoint-uri}; this is what a
 *                    resume hands to the job. May be null when only a time was annotated.
 * @param step        the training step (iteration); {@link #UNKNOWN_STEP} when not known
 * @param completedAt when it became complete (the marker's LastModified, or the annotated time);
 *                    null when not known, and then its age is unknown too
 * @param marker      the object whose existence makes the checkpoint count (its LastModified is
 *                    {@code completedAt}); null for checkpoints known only from annotations
 */
public record Checkpoint(String uri, long step, Instant completedAt, String marker) {

    /** Step number when the source did not say (annotations may omit it). */
    public static final long UNKNOWN_STEP = -1;
}
