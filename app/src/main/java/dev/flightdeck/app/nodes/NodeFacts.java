package dev.flightdeck.app.nodes;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the console keeps of a Node: only the fields it shows or reasons about.
 * Labels and annotations are kept whole for nodes (there are few nodes and the
 * details pane shows them); pods are projected far more tightly.
 *
 * @param gpuCapacity    {@code status.capacity[nvidia.com/gpu]}, 0 when absent
 * @param gpuAllocatable {@code status.allocatable[nvidia.com/gpu]}, 0 when absent
 */
public record NodeFacts(
        String name,
        String uid,
        String resourceVersion,
        Instant created,
        Map<String, String> labels,
        Map<String, String> annotations,
        boolean unschedulable,
        List<Taint> taints,
        List<NodeCondition> conditions,
        int gpuCapacity,
        int gpuAllocatable) {

    public NodeFacts {
        labels = Map.copyOf(labels);
        annotations = Map.copyOf(annotations);
        taints = List.copyOf(taints);
        conditions = List.copyOf(conditions);
    }

    public String label(String key) {
        return labels.get(key);
    }

    public String annotation(String key) {
        return annotations.get(key);
    }

    /** A GPU node by the GPU Operator's label, or by advertising {@code nvidia.com/gpu}. */
    public boolean isGpuNode() {
        return "true".equals(labels.get(GpuLabels.PRESENT)) || gpuCapacity > 0;
    }

    public NodeCondition condition(String type) {
        for (NodeCondition c : conditions) {
            if (c.type().equals(type)) {
                return c;
            }
        }
        return null;
    }
}
