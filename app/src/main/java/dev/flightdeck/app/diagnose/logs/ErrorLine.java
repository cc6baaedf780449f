package dev.flightdeck.app.diagnose.logs;

import java.time.Instant;

/**
 * An error one rank showed: its kind, its normalised message (the same on every rank that shows the same error), the
 * first line that said it as it was written, when that was (null without timestamps), and how many lines said it.
 */
public record ErrorLine(ErrorKind kind, String message, String line, Instant at, int count) implements Weighed {

    /** The same error said once more. */
    ErrorLine again() {
        return new ErrorLine(kind, message, line, at, count + 1);
    }

    /**
     * Bytes it holds in memory, roughly, for the view's byte cap: the record and its line as written. Its message is
     * the same string for every rank that shows it (a summary keeps one copy per message), so it is not counted here.
     */
    public long weight() {
        return 64L + 2L * line.length();
    }

    /** The same error without the line it was written in: what a summary keeps of it once its byte cap is spent. */
    ErrorLine withoutLine() {
        return new ErrorLine(kind, message, "", at, count);
    }

    ErrorLine withMessage(String shared) {
        return new ErrorLine(kind, shared, line, at, count);
    }
}
