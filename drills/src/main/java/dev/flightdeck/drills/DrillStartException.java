package dev.flightdeck.drills;

/**
 * A drill that could not start, said in words: refused (a context that does not allow drills, a
 * permission RBAC does not grant, a fault a shared cluster must not suffer) or failed (a sandbox that
 * would not start, a cluster that did not answer).
 */
public final class DrillStartException extends Exception {

    private final boolean refused;

    public DrillStartException(String message, Throwable cause) {
        this(message, cause, false);
    }

    public DrillStartException(String message, Throwable cause, boolean refused) {
        super(message, cause);
        this.refused = refused;
    }

    public boolean refused() {
        return refused;
    }
}
