package dev.flightdeck.app.nodes;

import java.time.Instant;

/** One entry of {@code status.conditions} on a Node, as the console keeps it. */
public record NodeCondition(String type, String status, String reason, String message, Instant lastTransition) {

    public boolean isTrue() {
        return "True".equals(status);
    }
}
