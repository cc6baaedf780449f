package dev.flightdeck.app.nodes;

/** State of the preflight gate taint on a node (conventions §2). */
public enum PreflightGate {
    /** No gate taint: the node is open for work as far as preflight is concerned. */
    OPEN,
    /** {@code <key>=pending:NoSchedule}: validation has not passed yet. */
    PENDING,
    /** {@code <key>=failed:NoSchedule}: validation failed, keep the node out. */
    FAILED
}
