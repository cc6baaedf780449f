package dev.flightdeck.app.nodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The hand-read timestamps answer exactly what {@link Instant#parse} answers, for what the API server writes and for what it does not. */
class Rfc3339Test {

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-27T20:56:37Z", "2024-02-29T00:00:00Z", "1970-01-01T00:00:00Z", "0000-01-01T00:00:00Z",
            "9999-12-31T23:59:59Z", "1969-12-31T23:59:59Z", "2026-11-27T20:56:37.1Z", "2026-11-27T20:56:37.123456Z",
            "2026-11-27T20:56:37.123456789Z", "2000-02-29T12:00:00Z", "2100-03-01T00:00:00Z", " 2026-01-05T01:02:03Z ",
            // not the API server's shape, or out of range: Instant.parse decides
            "2023-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z",
            "2026-00-10T00:00:00Z", "2026-11-27T24:00:00Z", "2026-11-27T23:60:00Z", "2026-12-31T23:59:60Z",
            "2026-11-27t20:56:37z", "2026-11-27T20:56:37+01:00", "2026-11-27T20:56:37.Z", "2026-11-27T20:56:37.1234567891Z",
            "2026-11-27T20:56:37,5Z", "2026-11-27 20:56:37Z", "2026-1-27T20:56:37Z", "+2026-11-27T20:56:37Z",
            "2026-11-27T20:56:3xZ", "2026-11-27T20:56:37", "20261127T205637Z", "yesterday", "2026-11-27T20:56:37ZZ"})
    void answersAsInstantParseDoes(String text) {
        assertEquals(reference(text), Rfc3339.parseOrNull(text), text);
    }

    @Test
    void everySecondOfFourHundredYearsAsInstantParseReadsIt() {
        SplittableRandom random = new SplittableRandom(27);
        long from = Instant.parse("1800-01-01T00:00:00Z").getEpochSecond();
        long to = Instant.parse("2200-01-01T00:00:00Z").getEpochSecond();
        for (int i = 0; i < 200_000; i++) {
            Instant at = Instant.ofEpochSecond(random.nextLong(from, to), i % 3 == 0 ? random.nextInt(1_000_000_000) : 0);
            String text = at.toString();
            Instant read = Rfc3339.utcAsWritten(text);
            assertNotNull(read, text);
            assertEquals(at, read, text);
        }
    }

    @Test
    void absentOrBlankIsNull() {
        assertNull(Rfc3339.parseOrNull(null));
        assertNull(Rfc3339.parseOrNull("  "));
    }

    private static Instant reference(String text) {
        try {
            return Instant.parse(text.trim());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
