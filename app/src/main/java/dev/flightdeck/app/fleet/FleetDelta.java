package dev.flightdeck.app.fleet;

import java.util.List;
import java.util.Set;

/**
 * What changed in one fold of the model: nodes added or changed, nodes removed, and
 * the new summary. A view applies deltas in order; {@code reset} says to drop
 * everything first (after a relist or a context switch).
 */
public record FleetDelta(long version, boolean reset, List<GpuNode> upserted, Set<String> removed,
                         FleetSummary summary) {

    public FleetDelta {
        upserted = List.copyOf(upserted);
        removed = Set.copyOf(removed);
    }
}
