package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/** The one Jackson mapper for the wire format: tolerant of fields the console does not read. */
public final class KubeJson {

    public static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private KubeJson() {
    }

    static Instant time(String rfc3339) {
        if (rfc3339 == null) {
            return null;
        }
        try {
            return Instant.parse(rfc3339);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Kubernetes quantities for whole devices: "8" → 8; anything fractional or odd → 0. */
    static int wholeQuantity(String q) {
        if (q == null) {
            return 0;
        }
        try {
            return Integer.parseInt(q.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
