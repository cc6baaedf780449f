package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;

import java.util.List;
import java.util.Set;

/**
 * What changed in one fold of the model: nodes and gangs added or changed, nodes and
 * gangs removed, and the new summary. A view applies deltas in order; {@code reset}
 * says to drop everything first (after a relist or a context switch), and then the
 * upserted lists carry the whole fleet. {@code nodesStillListing}: the cluster's first node LIST is being read, a
 * page at a time, and more of it follows (a screen may hold its rows back until it is whole).
 */
public record ClusterDelta(long version, boolean reset, List<GpuNode> upserted, Set<String> removed,
                         NodeSummary summary, List<Gang> gangsChanged, Set<GangKey> gangsRemoved,
                         boolean nodesStillListing) {

    public ClusterDelta {
        upserted = List.copyOf(upserted);
        removed = Set.copyOf(removed);
        gangsChanged = List.copyOf(gangsChanged);
        gangsRemoved = Set.copyOf(gangsRemoved);
    }

    /** A delta after the first node LIST. */
    public ClusterDelta(long version, boolean reset, List<GpuNode> upserted, Set<String> removed, NodeSummary summary,
                      List<Gang> gangsChanged, Set<GangKey> gangsRemoved) {
        this(version, reset, upserted, removed, summary, gangsChanged, gangsRemoved, false);
    }

    /** A delta that touches nodes only. */
    public ClusterDelta(long version, boolean reset, List<GpuNode> upserted, Set<String> removed, NodeSummary summary) {
        this(version, reset, upserted, removed, summary, List.of(), Set.of());
    }
}
