package dev.flightdeck.app.nodes;

/**
 * What GPU telemetry (DCGM) says of a node's GPUs that no node condition does: a failed row remapping or a double-bit
 * ECC error ({@link NodeVerdict#UNTRUSTED}), a pending row remap or a throttled GPU ({@link NodeVerdict#DEGRADED}).
 *
 * @param words one line naming the GPU and what was seen
 */
public record GpuHealthFinding(NodeVerdict verdict, String words) {
}
