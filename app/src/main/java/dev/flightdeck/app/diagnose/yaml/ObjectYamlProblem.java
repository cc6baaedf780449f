package dev.flightdeck.app.diagnose.yaml;

/** Why an object's YAML cannot be shown, in one line a person can act on, and which kind of reason it is. */
public final class ObjectYamlProblem extends Exception {

    /** The kind of reason: a command maps it to its exit code, a view to how it shows it. */
    public enum Reason {
        /** A Secret: never fetched. */
        SECRET_REFUSED,
        /** The server serves no resource by that name; the message lists near matches. */
        UNKNOWN_KIND,
        /** The resource exists but cannot be read one by one (no {@code get}: reviews, bindings). */
        NOT_GETTABLE,
        /** No such object (404). */
        NOT_FOUND,
        /** RBAC says no (403). */
        FORBIDDEN,
        /** The server did not answer, or answered with another error. */
        UNREADABLE
    }

    private final Reason reason;

    public ObjectYamlProblem(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
