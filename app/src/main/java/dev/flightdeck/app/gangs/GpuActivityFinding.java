package dev.flightdeck.app.gangs;

/**
 * What GPU telemetry says of a running gang that its pods cannot: every rank's GPUs idle for the stall window
 * ({@link GangVerdict#STALLED}: a hung collective), or one rank's GPUs far below the others' ({@link GangVerdict#DEGRADED}:
 * a straggler dragging the whole gang). Only a gang whose pods say RUNNING takes it.
 *
 * @param words one line: what was seen, since when, and what it cost
 */
public record GpuActivityFinding(GangVerdict verdict, String words) {
}
