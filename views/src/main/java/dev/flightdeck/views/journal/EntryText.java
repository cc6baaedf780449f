package dev.flightdeck.views.journal;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Times and durations as the journal screen writes them: UTC like the files and the exported
 * timeline, so what a person reads on screen matches what they paste into a postmortem.
 */
final class EntryText {

    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
    static final DateTimeFormatter TIME_MS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS 'UTC'")
            .withZone(ZoneOffset.UTC);

    private EntryText() {
    }

    static String time(Instant at) {
        return at == null ? "" : TIME.format(at);
    }

    /** Same wording as the exported timeline's "took" column; empty for "not measured" (-1). */
    static String took(long ms) {
        if (ms < 0) {
            return "";
        }
        return ms < 1000 ? ms + " ms" : ms < 120_000 ? String.format(Locale.ROOT, "%.1f s", ms / 1000.0)
                : (ms / 60_000) + " min " + (ms / 1000 % 60) + " s";
    }
}
