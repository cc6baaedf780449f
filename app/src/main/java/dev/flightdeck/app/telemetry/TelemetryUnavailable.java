package dev.flightdeck.app.telemetry;

/** A telemetry source could read nothing; the message is one line saying what failed and where. */
public final class TelemetryUnavailable extends Exception {

    public TelemetryUnavailable(String message) {
        super(message);
    }

    public TelemetryUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
