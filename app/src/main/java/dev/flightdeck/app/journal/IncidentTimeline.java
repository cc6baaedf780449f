package dev.flightdeck.app.journal;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * A journal range as a Markdown incident timeline, ready to paste into a postmortem: one table
 * row per entry, times in UTC, who did what to which object and how long it took.
 */
public final class IncidentTimeline {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private IncidentTimeline() {
    }

    public static String markdown(String title, Instant from, Instant to, List<JournalEntry> entries) {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n")
                .append("Flightdeck journal, ").append(TIME.format(from)).append(" to ").append(TIME.format(to))
                .append(" UTC, ").append(entries.size()).append(entries.size() == 1 ? " entry" : " entries").append(".\n\n")
                .append("| time (UTC) | cluster | who | action | phase | target | what happened | took |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        for (JournalEntry e : entries) {
            md.append("| ").append(TIME.format(e.at()))
                    .append(" | ").append(cell(e.context()))
                    .append(" | ").append(cell(e.user()))
                    .append(" | ").append(cell(e.action()))
                    .append(" | ").append(cell(e.phase()))
                    .append(" | ").append(cell(e.target()))
                    .append(" | ").append(cell(e.message()))
                    .append(" | ").append(e.durationMs() < 0 ? "" : took(e.durationMs()))
                    .append(" |\n");
        }
        return md.toString();
    }

    /** Table cells cannot hold pipes or line breaks. */
    private static String cell(String s) {
        return s == null ? "" : s.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ");
    }

    private static String took(long ms) {
        return ms < 1000 ? ms + " ms" : ms < 120_000 ? String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0)
                : (ms / 60_000) + " min " + (ms / 1000 % 60) + " s";
    }
}
