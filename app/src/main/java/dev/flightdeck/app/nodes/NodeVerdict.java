package dev.flightdeck.app.nodes;

/**
 * Whether a node's GPUs can be trusted with expensive, tightly coupled work.
 * Deliberately separate from the kubelet's Ready condition: a node can be Ready
 * and still be no place for a training rank. Declared from worst to best, so the
 * natural order sorts the nodes that need attention first.
 */
public enum NodeVerdict {
    NOT_READY("not ready"),
    UNTRUSTED("untrusted"),
    GATED("gated"),
    MAINTENANCE("maintenance"),
    DEGRADED("degraded"),
    TRUSTED("trusted");

    private final String label;

    NodeVerdict(String label) {
        this.label = label;
    }

    /** The word shown to people and printed by {@code check}. */
    public String label() {
        return label;
    }

    public boolean isWorseThan(NodeVerdict other) {
        return ordinal() < other.ordinal();
    }
}
