package dev.flightdeck.app.diagnose.logs;

/**
 * How one log request went: the bytes and lines read, whether the log was cut at {@code limitBytes} (its last lines
 * may be missing then), and, when there was no log, why in words ({@code problem}; null when the log was read).
 */
public record LogRead(long bytes, long lines, boolean cut, String problem) {

    public boolean ok() {
        return problem == null;
    }

    static LogRead failed(String problem) {
        return new LogRead(0, 0, false, problem);
    }
}
