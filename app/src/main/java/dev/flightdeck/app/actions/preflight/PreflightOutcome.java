package dev.flightdeck.app.actions.preflight;


/**
 * How a re-preflight ended.
 *
 * @param job     the validation Job ({@code namespace/name}), null when none was created
 * @param detail  what was written to the node's detail annotation (reason and log tail), or null
 * @param summary one line for people: what happened and what state the node is left in
 */
public record PreflightOutcome(Result result, String node, String job, String detail, String summary) {

    public enum Result {
        /** The validation passed; the gate taint is gone. */
        PASSED,
        /** The validation ran and failed; the node is gated as failed. */
        FAILED,
        /** The deadline passed while the validation ran; gated as failed. */
        TIMED_OUT,
        /** The pod never scheduled before the deadline (scheduler's reason in the detail); gated as failed. */
        UNSCHEDULABLE,
        /** The operator stopped it; the Job is deleted, the node stays gated pending. */
        CANCELLED,
        /** The node was deleted during the run. */
        NODE_GONE,
        /** The plan said it cannot run; nothing changed. */
        REFUSED,
        /** The API server refused something else (RBAC, quota, no answer); see the summary. */
        ERROR
    }
}
