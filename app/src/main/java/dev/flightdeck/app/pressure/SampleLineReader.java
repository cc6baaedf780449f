package dev.flightdeck.app.pressure;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads one sample line, {@code name{label="value",...} value [timestamp]}. Every line is
 * checked in full, kept or not, so a garbled body fails wherever it is garbled; only the
 * kept lines make strings and objects.
 */
final class SampleLineReader {

    private static final String[] NO_LABELS = new String[0];

    private final FamilyCollector families;
    private final ByteStrings strings = new ByteStrings();
    private String[] labelScratch = new String[32];
    private byte[] unescapeScratch = new byte[256];

    SampleLineReader(FamilyCollector families) {
        this.families = families;
    }

    void read(LineCursor c) throws MalformedResponseException {
        int nameStart = c.pos;
        int nameEnd = c.nameEnd(true);
        if (nameEnd == nameStart) {
            throw c.error("expected a metric name, found " + c.found());
        }
        FamilyCollector.Family family = families.ofSample(c.b, nameStart, nameEnd);
        boolean keep = family.wanted;
        c.pos = nameEnd;
        String[] labels = NO_LABELS;
        boolean hasLabels = c.peek() == '{';
        if (hasLabels) {
            labels = readLabels(c, keep);
        } else if (!c.atEnd() && !c.atBlank()) {
            throw c.error("unexpected " + c.found() + " after the metric name");
        }
        c.skipBlanks();
        if (c.atEnd()) {
            throw c.error("expected a value after " + (hasLabels ? "the labels" : "the metric name"));
        }
        int valueEnd = c.tokenEnd();
        double value;
        try {
            value = DecimalParser.parse(c.b, c.pos, valueEnd);
        } catch (NumberFormatException e) {
            throw c.error(c.quote(c.pos, valueEnd) + " is not a number");
        }
        c.pos = valueEnd;
        c.skipBlanks();
        long timestamp = Sample.NO_TIMESTAMP;
        if (!c.atEnd()) {
            timestamp = readTimestamp(c);
            c.skipBlanks();
            if (!c.atEnd()) {
                throw c.error("unexpected " + c.found() + " after the timestamp");
            }
        }
        if (keep) {
            family.samples.add(new Sample(families.sampleName(), Labels.adopt(labels), value, timestamp));
        }
    }

    private String[] readLabels(LineCursor c, boolean keep) throws MalformedResponseException {
        c.pos++; // '{'
        int count = 0;
        while (true) {
            c.skipBlanks();
            if (c.peek() == '}') {
                c.pos++;
                break;
            }
            int nameStart = c.pos;
            int nameEnd = c.nameEnd(false);
            if (nameEnd == nameStart) {
                throw c.error(c.atEnd() ? "the labels are not closed (no '}')" : "expected a label name, found " + c.found());
            }
            c.pos = nameEnd;
            c.skipBlanks();
            if (c.peek() != '=') {
                throw c.error("expected '=' after label " + c.quote(nameStart, nameEnd) + ", found " + c.found());
            }
            c.pos++;
            c.skipBlanks();
            if (c.peek() != '"') {
                throw c.error("expected a quoted value for label " + c.quote(nameStart, nameEnd) + ", found " + c.found());
            }
            c.pos++;
            String value = readLabelValue(c, keep, nameStart, nameEnd);
            if (keep) {
                if (count + 2 > labelScratch.length) {
                    labelScratch = Arrays.copyOf(labelScratch, labelScratch.length * 2);
                }
                labelScratch[count++] = strings.get(c.b, nameStart, nameEnd);
                labelScratch[count++] = value;
            }
            c.skipBlanks();
            int next = c.peek();
            if (next == ',') {
                c.pos++;
            } else if (next == '}') {
                c.pos++;
                break;
            } else {
                throw c.error(next < 0 ? "the labels are not closed (no '}')"
                        : "expected ',' or '}' after the value of label " + c.quote(nameStart, nameEnd) + ", found " + c.found());
            }
        }
        return keep ? Arrays.copyOf(labelScratch, count) : NO_LABELS;
    }

    /** The value between the quotes (the opening one already passed); null when the line is skipped. */
    private String readLabelValue(LineCursor c, boolean keep, int nameStart, int nameEnd) throws MalformedResponseException {
        byte[] b = c.b;
        int start = c.pos;
        boolean escaped = false;
        int i = start;
        for (; i < c.end; i++) {
            byte ch = b[i];
            if (ch == '"') {
                break;
            }
            if (ch == '\\') {
                int next = i + 1 < c.end ? b[i + 1] : -1;
                if (next != '\\' && next != '"' && next != 'n') {
                    c.pos = i;
                    throw c.error(next < 0
                            ? "the value of label " + c.quote(nameStart, nameEnd) + " has no closing quote"
                            : "invalid escape " + c.quote(i, i + 2) + " in the value of label " + c.quote(nameStart, nameEnd)
                                    + " (only \\\\, \\\" and \\n are allowed)");
                }
                escaped = true;
                i++;
            }
        }
        if (i >= c.end) {
            c.pos = i;
            throw c.error("the value of label " + c.quote(nameStart, nameEnd) + " has no closing quote");
        }
        c.pos = i + 1;
        if (!keep) {
            return null;
        }
        String value = escaped ? unescape(b, start, i) : strings.get(b, start, i);
        if (value == null) {
            throw c.error("the value of label " + c.quote(nameStart, nameEnd) + " is not valid UTF-8");
        }
        return value;
    }

    private String unescape(byte[] b, int from, int to) {
        if (unescapeScratch.length < to - from) {
            unescapeScratch = new byte[Math.max(to - from, unescapeScratch.length * 2)];
        }
        int n = 0;
        for (int i = from; i < to; i++) {
            byte ch = b[i];
            if (ch == '\\') {
                byte next = b[++i];
                ch = next == 'n' ? (byte) '\n' : next; // the only others allowed are \\ and \"
            }
            unescapeScratch[n++] = ch;
        }
        return strings.get(unescapeScratch, 0, n);
    }

    private static long readTimestamp(LineCursor c) throws MalformedResponseException {
        int start = c.pos;
        int stop = c.tokenEnd();
        int i = start;
        boolean negative = i < stop && c.b[i] == '-';
        if (negative) {
            i++;
        }
        if (i == stop || stop - i > 18) { // 18 digits always fit a long; real timestamps have 13
            throw c.error(c.quote(start, stop) + " is not a timestamp (integer milliseconds)");
        }
        long value = 0;
        for (; i < stop; i++) {
            byte ch = c.b[i];
            if (ch < '0' || ch > '9') {
                throw c.error(c.quote(start, stop) + " is not a timestamp (integer milliseconds)");
            }
            value = value * 10 + (ch - '0');
        }
        c.pos = stop;
        return negative ? -value : value;
    }

    /** Text of a HELP line, with the format's two escapes (\\ and \n) undone. */
    static String unescapeHelp(byte[] b, int from, int to) {
        String raw = new String(b, from, to - from, StandardCharsets.UTF_8);
        if (raw.indexOf('\\') < 0) {
            return raw;
        }
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char ch = raw.charAt(i);
            if (ch == '\\' && i + 1 < raw.length() && (raw.charAt(i + 1) == '\\' || raw.charAt(i + 1) == 'n')) {
                out.append(raw.charAt(++i) == 'n' ? '\n' : '\\');
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }
}
