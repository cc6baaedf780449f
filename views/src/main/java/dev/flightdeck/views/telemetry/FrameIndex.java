package dev.flightdeck.views.telemetry;

import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.app.telemetry.TelemetryFrame;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One telemetry frame indexed the two ways the screens look GPUs up: by node (the node details' table, GPUs in index
 * order) and by workload pod (the rank map). Built once per refresh off the FX thread, so the FX thread only ever
 * touches the few GPUs it shows, never the whole frame (60,000 GPUs on a large cluster).
 */
public record FrameIndex(TelemetryFrame frame, Map<String, List<GpuSignals>> byNode, Map<String, List<GpuSignals>> byPod) {

    public static final FrameIndex EMPTY = new FrameIndex(null, Map.of(), Map.of());

    public static FrameIndex of(TelemetryFrame frame) {
        if (frame == null) {
            return EMPTY;
        }
        Map<String, List<GpuSignals>> byNode = new HashMap<>();
        Map<String, List<GpuSignals>> byPod = new HashMap<>();
        for (GpuSignals g : frame.gpus()) {
            byNode.computeIfAbsent(g.placement().node(), n -> new ArrayList<>(8)).add(g);
            if (g.placement().hasWorkload()) {
                byPod.computeIfAbsent(podKey(g.placement().podNamespace(), g.placement().pod()), p -> new ArrayList<>(8)).add(g);
            }
        }
        byNode.values().forEach(l -> l.sort(Comparator.comparingInt(s -> s.placement().gpu())));
        return new FrameIndex(frame, byNode, byPod);
    }

    /** The node's GPUs in index order; empty when the frame has none of its series. */
    public List<GpuSignals> onNode(String node) {
        return byNode.getOrDefault(node, List.of());
    }

    /** The GPUs a pod uses, as dcgm-exporter's Kubernetes mapping names it; empty when none. */
    public List<GpuSignals> ofPod(String namespace, String pod) {
        return pod == null ? List.of() : byPod.getOrDefault(podKey(namespace, pod), List.of());
    }

    public boolean isEmpty() {
        return frame == null;
    }

    private static String podKey(String namespace, String pod) {
        return namespace + "/" + pod;
    }
}
