package dev.flightdeck.app.nodes;

import java.util.List;

/** A consistent picture of the fleet at one model version, nodes sorted by name. */
public record ClusterSnapshot(long version, List<GpuNode> nodes, NodeSummary summary) {

    public ClusterSnapshot {
        nodes = List.copyOf(nodes);
    }
}
