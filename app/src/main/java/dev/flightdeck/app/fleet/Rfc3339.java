package dev.flightdeck.app.fleet;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Kubernetes timestamps (RFC 3339, UTC): an unreadable or absent one is null, never an exception. */
public final class Rfc3339 {

    private Rfc3339() {
    }

    public static Instant parseOrNull(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(text.trim());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
