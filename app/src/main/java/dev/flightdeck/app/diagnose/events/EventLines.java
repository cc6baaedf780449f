package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.nodes.Ages;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Events as text, one line each, newest first as given: last seen, type, reason, object, count and
 * message, in stable columns for scripts and runbooks; the console's own Events marked {@value #OURS}
 * in the first column. What the server sent is shown on one line with control characters replaced,
 * so a message cannot move the terminal's cursor or hide a line.
 */
public final class EventLines {

    /** The mark of an Event the console recorded for its own action. */
    public static final String OURS = "◆";

    private EventLines() {
    }

    public static List<String> lines(List<EventRecord> events, Instant now) {
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {" ", "LAST SEEN", "TYPE", "REASON", "OBJECT", "COUNT", "MESSAGE"});
        for (EventRecord e : events) {
            cells.add(new String[] {e.flightdeck() ? OURS : " ", Ages.since(e.lastSeen(), now), e.type(),
                    oneLine(e.reason()), oneLine(e.regarding().toString()), String.valueOf(e.count()), oneLine(e.note())});
        }
        int[] width = new int[7];
        for (String[] row : cells) {
            for (int i = 0; i < row.length - 1; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        List<String> out = new ArrayList<>(cells.size());
        for (String[] row : cells) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                b.append(i == row.length - 1 ? row[i] : pad(row[i], width[i])).append(i == row.length - 1 ? "" : "  ");
            }
            out.add(b.toString().stripTrailing());
        }
        return out;
    }

    /** Newlines and tabs become spaces; other control and format characters (escapes, bidi overrides) a visible {@code ?}. */
    static String oneLine(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r' || c == '\t') {
                b.append(' ');
            } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029'
                    || Character.getType(c) == Character.FORMAT) { // bidi overrides would reorder what follows
                b.append('?');
            } else {
                b.append(c);
            }
        }
        return b.toString().strip();
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
