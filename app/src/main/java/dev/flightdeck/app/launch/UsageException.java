package dev.flightdeck.app.launch;

/** A command line that cannot be understood; the message says what was wrong, in one line. */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message);
    }
}
