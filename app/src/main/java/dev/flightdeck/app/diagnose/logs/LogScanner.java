package dev.flightdeck.app.diagnose.logs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads one rank's log line by line and keeps what its summary needs, in bounded memory however long the log: the
 * error lines, one per normalised message (with how often it came; at most {@value #MAX_MESSAGES} messages, the
 * rest only counted), and the last lines. It follows Python tracebacks, whose error is the exception line after
 * the frames ({@code Traceback (most recent call last):}, indented frames, then {@code RuntimeError: …}).
 */
final class LogScanner {

    static final int MAX_MESSAGES = 16;

    private static final Pattern TRACEBACK = Pattern.compile("^Traceback \\(most recent call last\\):\\s*$");
    private static final Pattern CHAINED = Pattern.compile("^(?:During handling of the above exception|The above exception was the direct cause)");

    private final Set<String> hosts;
    private final TailBuffer tail;
    private final Map<String, ErrorLine> errors = new LinkedHashMap<>();
    private int uncounted;
    private boolean inTraceback;

    /** @param hosts names to take out of messages (the gang's nodes and pods); @param tailLines lines to keep */
    LogScanner(Set<String> hosts, int tailLines) {
        this.hosts = hosts;
        this.tail = new TailBuffer(tailLines);
    }

    void accept(LogLine line) {
        tail.add(line);
        String untagged = LinePrefixes.untagged(line.text());
        if (TRACEBACK.matcher(untagged.strip()).matches()) {
            inTraceback = true;
            return;
        }
        if (inTraceback) {
            if (untagged.isBlank() || Character.isWhitespace(untagged.charAt(0)) || CHAINED.matcher(untagged).find()) {
                return; // a frame, its source line, or the words between chained exceptions
            }
            inTraceback = false;
            record(LineClassifier.classifyException(untagged), line);
            return;
        }
        ErrorKind kind = LineClassifier.classify(line.text());
        if (kind != null) {
            record(kind, line);
        }
    }

    /** An error known from elsewhere than the log (the container's end), counted as one of this rank's. */
    void add(ErrorLine error) {
        String key = error.kind() + "\u0000" + error.message();
        ErrorLine had = errors.get(key);
        if (had == null && errors.size() >= MAX_MESSAGES) {
            uncounted++;
        } else {
            errors.put(key, had == null ? error : had.again());
        }
    }

    private void record(ErrorKind kind, LogLine line) {
        add(new ErrorLine(kind, MessageNormaliser.normalise(kind, line.text(), hosts), line.text(), line.at(), 1));
    }

    List<ErrorLine> errors() {
        return new ArrayList<>(errors.values());
    }

    /** Error lines not kept because the rank already had {@value #MAX_MESSAGES} different messages. */
    int uncounted() {
        return uncounted;
    }

    List<LogLine> tail() {
        return tail.lines();
    }

    long linesSeen() {
        return tail.seen();
    }
}
