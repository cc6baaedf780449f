package dev.flightdeck.app.pressure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Parses the Prometheus text exposition format (0.0.4, what kube-apiserver serves at
 * {@code /metrics}): comments, {@code # HELP}, {@code # TYPE}, samples with escaped label
 * values, {@code NaN} and {@code ±Inf}, optional timestamps; histograms and summaries stay
 * flat samples ({@link Histograms} groups buckets). The filter decides which families are
 * kept; the rest are checked and dropped.
 *
 * <p>All or nothing: a body that is garbled anywhere, truncated, or empty throws
 * {@link MalformedResponseException} naming the line, and no partial result exists, so a
 * failed scrape can never feed half a sample set into the rates.
 */
public final class ExpositionParser {

    private ExpositionParser() {
    }

    public static Exposition parse(byte[] body, FamilyFilter filter) throws MalformedResponseException {
        try {
            return parse(LineSource.of(body), filter);
        } catch (IOException e) {
            throw new IllegalStateException("an array cannot fail to read", e);
        }
    }

    /** Reads the stream to its end (the caller closes it); memory is bounded by the longest line. */
    public static Exposition parse(InputStream body, FamilyFilter filter) throws MalformedResponseException, IOException {
        return parse(LineSource.of(body), filter);
    }

    private static Exposition parse(LineSource lines, FamilyFilter filter) throws MalformedResponseException, IOException {
        FamilyCollector families = new FamilyCollector(filter);
        SampleLineReader samples = new SampleLineReader(families);
        LineCursor c = new LineCursor();
        int sampleLines = 0;
        while (lines.next()) {
            c.reset(lines.buffer(), lines.lineStart(), lines.lineEnd(), lines.lineNumber());
            c.skipBlanks();
            if (c.atEnd()) {
                continue;
            }
            if (c.peek() == '#') {
                readComment(c, families);
            } else {
                samples.read(c);
                sampleLines++;
            }
        }
        if (lines.bytesRead() == 0) {
            throw new MalformedResponseException(1, "the body is empty");
        }
        if (sampleLines == 0) {
            throw new MalformedResponseException(lines.lineNumber(), "the body holds no samples");
        }
        return families.finish(lines.lineNumber());
    }

    /** {@code # HELP name text}, {@code # TYPE name type}, or any other comment (ignored). */
    private static void readComment(LineCursor c, FamilyCollector families) throws MalformedResponseException {
        c.pos++; // '#'
        c.skipBlanks();
        boolean help = startsWithWord(c, "HELP");
        boolean type = !help && startsWithWord(c, "TYPE");
        if (!help && !type) {
            return;
        }
        String keyword = help ? "HELP" : "TYPE";
        c.pos += 4;
        c.skipBlanks();
        int nameStart = c.pos;
        int nameEnd = c.nameEnd(true);
        if (nameEnd == nameStart) {
            throw c.error("expected a metric name after # " + keyword + ", found " + c.found());
        }
        FamilyCollector.Family family = families.declared(new String(c.b, nameStart, nameEnd - nameStart, StandardCharsets.ISO_8859_1));
        c.pos = nameEnd;
        if (!c.atEnd() && !c.atBlank()) {
            throw c.error("unexpected " + c.found() + " after the metric name in # " + keyword);
        }
        c.skipBlanks();
        if (help) {
            families.setHelp(family, family.wanted ? SampleLineReader.unescapeHelp(c.b, c.pos, c.end) : "", c);
            return;
        }
        int wordEnd = c.tokenEnd();
        MetricType declared = MetricType.ofWord(new String(c.b, c.pos, wordEnd - c.pos, StandardCharsets.ISO_8859_1));
        if (declared == null) {
            throw c.error(c.atEnd() ? "expected a metric type after # TYPE " + family.name
                    : "unknown metric type " + c.quote(c.pos, wordEnd) + " (counter, gauge, histogram, summary or untyped)");
        }
        c.pos = wordEnd;
        c.skipBlanks();
        if (!c.atEnd()) {
            throw c.error("unexpected " + c.found() + " after the metric type");
        }
        families.setType(family, declared, c);
    }

    private static boolean startsWithWord(LineCursor c, String word) {
        if (c.end - c.pos < word.length() + 1) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (c.b[c.pos + i] != word.charAt(i)) {
                return false;
            }
        }
        byte after = c.b[c.pos + word.length()];
        return after == ' ' || after == '\t';
    }
}
