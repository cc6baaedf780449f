package dev.flightdeck.app.drills;

/** A drill that could not start (its sandbox, or the observer of it), said in words. */
public final class DrillStartException extends Exception {

    public DrillStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
