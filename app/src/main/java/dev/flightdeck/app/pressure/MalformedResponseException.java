package dev.flightdeck.app.pressure;

/**
 * A {@code /metrics}, {@code /readyz} or {@code /livez} body that cannot be read. The message is
 * the one line shown to the person, e.g. {@code line 812: expected a value after the labels}.
 * Checked, because a garbled or truncated response is an expected outcome of scraping a busy
 * server, and the caller must decide to record a gap rather than a partial result.
 */
public final class MalformedResponseException extends Exception {

    private final int line;
    private final String problem;

    public MalformedResponseException(int line, String problem) {
        super("line " + line + ": " + problem, null, false, false); // no stack trace: not a bug
        this.line = line;
        this.problem = problem;
    }

    /** 1-based line of the body where reading stopped. */
    public int line() {
        return line;
    }

    /** What was wrong, without the line number. */
    public String problem() {
        return problem;
    }
}
