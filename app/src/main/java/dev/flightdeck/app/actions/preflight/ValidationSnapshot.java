package dev.flightdeck.app.actions.preflight;

/**
 * One look at the validation Job and its pod.
 *
 * @param jobGone       the Job no longer exists (deleted by someone, or its TTL passed)
 * @param end           {@code Complete} or {@code Failed} when the Job controller has finished it, else null
 * @param endReason     the finishing condition's reason ({@code DeadlineExceeded}, {@code BackoffLimitExceeded})
 * @param pod           the validation pod's name, null while the Job controller has not made it
 * @param podNode       the node it was bound to, null while unscheduled
 * @param podPhase      Pending, Running, Succeeded, Failed
 * @param unschedulable the scheduler's message while PodScheduled is False, else null
 * @param exit          how the container ended ("exited 1 (Error)"), null while it has not
 */
record ValidationSnapshot(boolean jobGone, String end, String endReason, String pod, String podNode,
                          String podPhase, String unschedulable, String exit) {

    boolean complete() {
        return "Complete".equals(end);
    }

    boolean failed() {
        return "Failed".equals(end);
    }

    boolean running() {
        return "Running".equals(podPhase);
    }
}
