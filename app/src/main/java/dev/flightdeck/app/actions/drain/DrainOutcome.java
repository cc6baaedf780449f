package dev.flightdeck.app.actions.drain;

import java.util.List;

/**
 * How a drain ended.
 *
 * @param remaining pods still on the node (not evicted, or evicted and not yet gone)
 */
public record DrainOutcome(Result result, String node, int evicted, List<String> remaining, String summary) {

    public enum Result {
        /** Every pod that had to go is gone. */
        DRAINED,
        /** After cordoning, a pod was found that would be lost without consent; nothing was evicted. */
        REFUSED,
        /** The timeout passed (usually a budget that never allowed the eviction). */
        TIMED_OUT,
        /** The operator stopped it; no further evictions, the node stays cordoned. */
        CANCELLED,
        /** The node was deleted during the drain. */
        NODE_GONE,
        /** The API server refused something else (RBAC, 500 for two budgets…); see the summary. */
        FAILED
    }

    public DrainOutcome {
        remaining = List.copyOf(remaining);
    }
}
