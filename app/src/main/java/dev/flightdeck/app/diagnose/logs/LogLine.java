package dev.flightdeck.app.diagnose.logs;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * One line of a container's log: when the kubelet took it ({@code at}; null when the log was read without
 * timestamps) and its text, without the timestamp and without the line break.
 */
public record LogLine(Instant at, String text) implements Weighed {

    /** The longest line kept whole; a longer one (a tensor dump, a base64 blob) is cut, with a mark. */
    public static final int MAX_CHARS = 2048;

    public LogLine {
        text = text == null ? "" : text;
    }

    /**
     * A line as the server sent it. With {@code timestamped}, the kubelet put its RFC 3339 time and one space in
     * front ({@code 2026-11-24T14:02:11.123456789Z text}); a line without one (a partial last line cut by limitBytes)
     * keeps its text whole and no time.
     */
    public static LogLine parse(String raw, boolean timestamped) {
        String text = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
        Instant at = null;
        if (timestamped) {
            int space = text.indexOf(' ');
            if (space >= 20 && space <= 40 && Character.isDigit(text.charAt(0))) {
                try {
                    at = Instant.parse(text.substring(0, space));
                    text = text.substring(space + 1);
                } catch (DateTimeParseException notATime) {
                    // kept as text
                }
            }
        }
        if (text.length() > MAX_CHARS) {
            text = text.substring(0, MAX_CHARS) + " …[" + (text.length() - MAX_CHARS) + " more characters]";
        }
        return new LogLine(at, text);
    }

    /** Bytes this line holds in memory, roughly (two per char, plus the record): for the view's byte cap. */
    public long weight() {
        return 48L + 2L * text.length();
    }

    /** The line as the kubelet sent it: with its timestamp in front (nine digits of nanoseconds) when asked for and known. */
    public String render(boolean withTimestamp) {
        return withTimestamp && at != null ? KUBELET_TIME.format(at) + " " + text : text;
    }

    /** The kubelet's own timestamp format (RFC 3339, nanoseconds always nine digits, UTC). */
    private static final java.time.format.DateTimeFormatter KUBELET_TIME = java.time.format.DateTimeFormatter
            .ofPattern("yyyy-MM-dd'T'HH:mm:ss.nnnnnnnnn'Z'").withZone(java.time.ZoneOffset.UTC);
}
