package dev.flightdeck.app.actions;

/**
 * Why an action may not be carried out, in one line for the person: the context is read-only, RBAC
 * does not allow it, or its own plan says no (a consent missing, the circuit breaker, a gang still
 * running). Nothing was changed. An answer, not a failure: no stack trace is kept.
 */
public class ActionRefused extends Exception {

    public ActionRefused(String line) {
        super(line, null, false, false);
    }
}
