package dev.flightdeck.app.checkpoints;

/** The workload annotation keys of conventions §4 (the console's own {@code flightdeck.dev/} keys). */
public final class CheckpointAnnotations {

    /** {@code s3://bucket/path/}: where the job writes its checkpoints; the console lists it. */
    public static final String PREFIX = "flightdeck.dev/checkpoint-prefix";
    /** The newest checkpoint's URI, as the job reports it. */
    public static final String URI = "flightdeck.dev/checkpoint-uri";
    /** When that checkpoint completed, RFC 3339. */
    public static final String TIME = "flightdeck.dev/checkpoint-time";
    /** Its training step. */
    public static final String STEP = "flightdeck.dev/checkpoint-step";

    private CheckpointAnnotations() {
    }
}
