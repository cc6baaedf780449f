package dev.flightdeck.app.pressure;

/**
 * A position within one line of the body, with the small token scanners the format needs and
 * the one place that words error messages ("line 812: expected a value after the labels,
 * found end of line"). Reused for every line of a parse.
 */
final class LineCursor {

    byte[] b;
    int pos;
    int end;
    int line;

    void reset(byte[] buffer, int start, int stop, int lineNumber) {
        b = buffer;
        pos = start;
        // Tolerate CRLF bodies (a proxy may rewrite them); the format itself uses bare LF.
        end = stop > start && buffer[stop - 1] == '\r' ? stop - 1 : stop;
        line = lineNumber;
    }

    boolean atEnd() {
        return pos >= end;
    }

    /** The byte under the cursor, or -1 at the end of the line. */
    int peek() {
        return pos < end ? b[pos] : -1;
    }

    boolean atBlank() {
        return pos < end && (b[pos] == ' ' || b[pos] == '\t');
    }

    void skipBlanks() {
        while (pos < end && (b[pos] == ' ' || b[pos] == '\t')) {
            pos++;
        }
    }

    /** The end of the name starting at the cursor ({@code pos} itself when there is none). */
    int nameEnd(boolean metricName) {
        int i = pos;
        while (i < end) {
            byte c = b[i];
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (metricName && c == ':');
            if (!letter && !(i > pos && c >= '0' && c <= '9')) {
                break;
            }
            i++;
        }
        return i;
    }

    /** The end of the blank-free token starting at the cursor. */
    int tokenEnd() {
        int i = pos;
        while (i < end && b[i] != ' ' && b[i] != '\t') {
            i++;
        }
        return i;
    }

    MalformedResponseException error(String what) {
        return new MalformedResponseException(line, what);
    }

    /** What is under the cursor, for messages: {@code end of line}, {@code '}'}, {@code byte 0x00}. */
    String found() {
        if (pos >= end) {
            return "end of line";
        }
        int c = b[pos] & 0xff;
        return c >= 0x20 && c < 0x7f ? "'" + (char) c + "'" : String.format("byte 0x%02X", c);
    }

    /** Bytes [from, to) as readable text for a message, shortened and with control bytes shown as '?'. */
    String quote(int from, int to) {
        StringBuilder text = new StringBuilder("'");
        for (int i = from; i < Math.min(to, from + 40); i++) {
            int c = b[i] & 0xff;
            text.append(c >= 0x20 && c < 0x7f ? (char) c : '?');
        }
        return text.append(to - from > 40 ? "...'" : "'").toString();
    }
}
