package dev.flightdeck.app.checkpoints;

/** Where a workload's checkpoint age was read from (conventions §4, in this order of preference). */
public enum CheckpointSource {
    /** The objects under the workload's {@code flightdeck.dev/checkpoint-prefix}. */
    OBJECT_STORAGE,
    /** The {@code flightdeck.dev/checkpoint-uri|time|step} annotations the job writes. */
    ANNOTATIONS,
    /** The workload names no checkpoint at all. */
    NONE
}
