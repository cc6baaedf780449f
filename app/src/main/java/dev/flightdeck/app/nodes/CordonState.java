package dev.flightdeck.app.nodes;

import java.time.Instant;

/**
 * Whether the node is cordoned ({@code spec.unschedulable}) and, when the console
 * did it, who did it, when and why (the {@code flightdeck.dev/cordon-*} annotations).
 */
public record CordonState(boolean cordoned, String reason, String by, Instant at) {

    public static final CordonState NONE = new CordonState(false, null, null, null);
}
