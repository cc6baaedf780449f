package dev.flightdeck.app.nodes;

import java.time.Instant;

/**
 * The preflight gate and the last validation result on a node.
 *
 * @param gate   the gate taint's state
 * @param result the {@code <key>} label: passed, failed, running, or null when never run
 * @param at     the {@code <key>-at} annotation (RFC 3339), null when absent or unreadable
 * @param detail the {@code <key>-detail} annotation, null when absent
 */
public record PreflightState(PreflightGate gate, String result, Instant at, String detail) {

    public static final PreflightState NONE = new PreflightState(PreflightGate.OPEN, null, null, null);
}
