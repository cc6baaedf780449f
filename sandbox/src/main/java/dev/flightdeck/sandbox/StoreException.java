package dev.flightdeck.sandbox;

/** A refusal from the sandbox store, carried to the client as a Kubernetes Status. */
public final class StoreException extends Exception {

    private final int code;
    private final String reason;

    public StoreException(int code, String reason, String message) {
        super(message);
        this.code = code;
        this.reason = reason;
    }

    public int code() {
        return code;
    }

    public String reason() {
        return reason;
    }
}
