package dev.flightdeck.app.nodes;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;

/** The fleet header: GPUs usable of total, nodes by verdict, gated and cordoned counts. */
public record NodeSummary(
        int nodes,
        int gpuNodes,
        int gpusTotal,
        int gpusUsable,
        Map<NodeVerdict, Integer> nodesByVerdict,
        Map<NodeVerdict, Integer> gpusByVerdict,
        int gated,
        int cordoned,
        int pods) {

    public static final NodeSummary EMPTY = of(java.util.List.of(), 0, 0);

    public NodeSummary {
        nodesByVerdict = Map.copyOf(nodesByVerdict);
        gpusByVerdict = Map.copyOf(gpusByVerdict);
    }

    public int nodes(NodeVerdict v) {
        return nodesByVerdict.getOrDefault(v, 0);
    }

    public int gpus(NodeVerdict v) {
        return gpusByVerdict.getOrDefault(v, 0);
    }

    public static NodeSummary of(Collection<GpuNode> gpuNodes, int allNodes, int pods) {
        Map<NodeVerdict, Integer> byVerdict = new EnumMap<>(NodeVerdict.class);
        Map<NodeVerdict, Integer> gpus = new EnumMap<>(NodeVerdict.class);
        int total = 0;
        int usable = 0;
        int gated = 0;
        int cordoned = 0;
        for (GpuNode n : gpuNodes) {
            byVerdict.merge(n.verdict(), 1, Integer::sum);
            gpus.merge(n.verdict(), n.gpuTotal(), Integer::sum);
            total += n.gpuTotal();
            usable += n.gpuUsable();
            gated += n.gated() ? 1 : 0;
            cordoned += n.cordon().cordoned() ? 1 : 0;
        }
        return new NodeSummary(allNodes, gpuNodes.size(), total, usable, byVerdict, gpus, gated, cordoned, pods);
    }

    /** One line: {@code 64 GPU nodes, 498/512 GPUs usable; trusted 58 (464 GPUs), degraded 1 (8 GPUs), ...}. */
    public String line() {
        StringBuilder sb = new StringBuilder();
        sb.append(gpuNodes).append(" GPU nodes");
        if (nodes > gpuNodes) {
            sb.append(" (of ").append(nodes).append(" nodes)");
        }
        sb.append(", ").append(gpusUsable).append('/').append(gpusTotal).append(" GPUs usable");
        for (NodeVerdict v : NodeVerdict.values()) {
            int count = nodes(v);
            if (count > 0) {
                sb.append("; ").append(v.label()).append(' ').append(count)
                        .append(" (").append(gpus(v)).append(" GPUs)");
            }
        }
        sb.append("; gated ").append(gated).append(", cordoned ").append(cordoned);
        return sb.toString();
    }
}
