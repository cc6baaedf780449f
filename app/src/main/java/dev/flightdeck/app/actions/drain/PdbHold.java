package dev.flightdeck.app.actions.drain;

import java.util.List;

/**
 * A PodDisruptionBudget that covers pods this drain would evict.
 *
 * @param disruptionsAllowed what the budget's status allows right now; 0 means evictions of its pods
 *                           are refused with 429 and retried until the budget recovers or the drain times out
 */
public record PdbHold(String namespace, String name, int disruptionsAllowed, List<String> pods) {

    public PdbHold {
        pods = List.copyOf(pods);
    }

    public boolean holds() {
        return disruptionsAllowed < pods.size();
    }
}
