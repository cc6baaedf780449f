package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.GpuHealthFinding;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GpuActivityFinding;

import java.util.List;
import java.util.Map;

/**
 * What one refresh of GPU telemetry found, in the model's terms: per node, its GPUs' health findings (only nodes with
 * one); per gang, its GPU activity finding (stalled, a straggler; only gangs with one). Empty maps: all is well, or no
 * telemetry.
 */
public record GpuTelemetryFindings(Map<String, List<GpuHealthFinding>> nodes, Map<GangKey, GpuActivityFinding> gangs) {

    public static final GpuTelemetryFindings NONE = new GpuTelemetryFindings(Map.of(), Map.of());

    public GpuTelemetryFindings {
        nodes = Map.copyOf(nodes);
        gangs = Map.copyOf(gangs);
    }
}
