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

    /** Bytes it holds in memory, roughly: for the view's byte cap. */
    public long weight() {
        return 64L + 2L * (message.length() + line.length());
    }
}
