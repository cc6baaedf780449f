package dev.flightdeck.app.connect;

/**
 * A connection failure, already put into words for the person at the console. The
 * message is one line, names the file, context or server involved and what to do;
 * it never carries credentials. Shown as-is in the UI and by {@code check}.
 */
public final class ConnectionProblem extends Exception {

    private final ProblemKind kind;

    public ConnectionProblem(ProblemKind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public ConnectionProblem(ProblemKind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public ProblemKind kind() {
        return kind;
    }
}
