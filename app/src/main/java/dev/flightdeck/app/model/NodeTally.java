package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;

import java.util.EnumMap;
import java.util.Map;

/**
 * The fleet header's counts, kept node by node: each change takes the node's old version
 * out and puts the new one in. The model folds many times a second under churn; adding
 * up 7,500 nodes on every fold was a third of the model thread at 1,000 events/s.
 */
final class NodeTally {

    private final Map<NodeVerdict, Integer> nodesByVerdict = new EnumMap<>(NodeVerdict.class);
    private final Map<NodeVerdict, Integer> gpusByVerdict = new EnumMap<>(NodeVerdict.class);
    private int gpuNodes;
    private int gpusTotal;
    private int gpusUsable;
    private int gated;
    private int cordoned;

    /** {@code old} (null when new) is replaced by {@code next} (null when gone). */
    void replace(GpuNode old, GpuNode next) {
        if (old != null) {
            count(old, -1);
        }
        if (next != null) {
            count(next, 1);
        }
    }

    private void count(GpuNode n, int sign) {
        gpuNodes += sign;
        add(nodesByVerdict, n.verdict(), sign);
        add(gpusByVerdict, n.verdict(), sign * n.gpuTotal());
        gpusTotal += sign * n.gpuTotal();
        gpusUsable += sign * n.gpuUsable();
        gated += n.gated() ? sign : 0;
        cordoned += n.cordon().cordoned() ? sign : 0;
    }

    private static void add(Map<NodeVerdict, Integer> counts, NodeVerdict v, int delta) {
        // Zero entries are dropped, as NodeSummary.of never creates them (a verdict with no
        // nodes keeps its 0-GPU entry only while nodes of it exist).
        counts.merge(v, delta, Integer::sum);
    }

    NodeSummary summary(int allNodes, int pods) {
        Map<NodeVerdict, Integer> nodes = new EnumMap<>(NodeVerdict.class);
        Map<NodeVerdict, Integer> gpus = new EnumMap<>(NodeVerdict.class);
        nodesByVerdict.forEach((v, n) -> {
            if (n != 0) {
                nodes.put(v, n);
                gpus.put(v, gpusByVerdict.getOrDefault(v, 0));
            }
        });
        return new NodeSummary(allNodes, gpuNodes, gpusTotal, gpusUsable, nodes, gpus, gated, cordoned, pods);
    }
}
