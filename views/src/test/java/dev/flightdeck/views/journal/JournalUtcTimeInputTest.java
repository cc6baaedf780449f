package dev.flightdeck.views.journal;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Times typed into the custom range are UTC in every accepted shape; anything else is refused, not guessed. */
class JournalUtcTimeInputTest {

    @Test
    void acceptsMinutesSecondsADateOrAnInstant() {
        assertEquals(Optional.of(Instant.parse("2026-11-22T14:05:00Z")), UtcTimeInput.parse(" 2026-11-22 14:05 "));
        assertEquals(Optional.of(Instant.parse("2026-11-22T14:05:09Z")), UtcTimeInput.parse("2026-11-22 14:05:09"));
        assertEquals(Optional.of(Instant.parse("2026-11-22T00:00:00Z")), UtcTimeInput.parse("2026-11-22"));
        assertEquals(Optional.of(Instant.parse("2026-11-22T14:05:09.250Z")), UtcTimeInput.parse("2026-11-22T14:05:09.250Z"));
        assertEquals("2026-11-22 14:05", UtcTimeInput.format(Instant.parse("2026-11-22T14:05:59Z")));
    }

    @Test
    void refusesWhatItCannotReadWithoutGuessing() {
        assertEquals(Optional.empty(), UtcTimeInput.parse("22.11.2026 14:00"));
        assertEquals(Optional.empty(), UtcTimeInput.parse("2026-11-22 25:00"));
        assertEquals(Optional.empty(), UtcTimeInput.parse(""));
        assertEquals(Optional.empty(), UtcTimeInput.parse(null));
    }
}
