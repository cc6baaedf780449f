package dev.flightdeck.app.fleet;

import java.util.List;

/** A consistent picture of the fleet at one model version, nodes sorted by name. */
public record FleetSnapshot(long version, List<GpuNode> nodes, FleetSummary summary) {

    public FleetSnapshot {
        nodes = List.copyOf(nodes);
    }
}
