package dev.flightdeck.views.journal;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * A time typed into the custom range, in UTC like everything else on the journal screen:
 * {@code 2026-11-22 14:05}, with seconds, a bare date (midnight), or an ISO instant pasted from a log.
 */
final class UtcTimeInput {

    static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final List<DateTimeFormatter> DATE_TIMES = List.of(MINUTES,
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));

    private UtcTimeInput() {
    }

    static Optional<Instant> parse(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String t = text.trim();
        for (DateTimeFormatter f : DATE_TIMES) {
            try {
                return Optional.of(LocalDateTime.parse(t, f).toInstant(ZoneOffset.UTC));
            } catch (DateTimeParseException next) {
                // try the next shape
            }
        }
        try {
            return Optional.of(LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant());
        } catch (DateTimeParseException next) {
            // try an instant
        }
        try {
            return Optional.of(Instant.parse(t));
        } catch (DateTimeParseException none) {
            return Optional.empty();
        }
    }

    static String format(Instant at) {
        return MINUTES.format(LocalDateTime.ofInstant(at, ZoneOffset.UTC));
    }
}
