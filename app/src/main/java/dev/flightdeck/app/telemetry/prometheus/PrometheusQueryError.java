package dev.flightdeck.app.telemetry.prometheus;

/**
 * Prometheus answered, refusing the query ({@code "status": "error"}): its {@code errorType} (bad_data, execution,
 * timeout, canceled, internal) and its own words, as one line.
 */
public final class PrometheusQueryError extends Exception {

    private final String errorType;

    public PrometheusQueryError(String errorType, String error) {
        super(errorType + ": " + oneLine(error));
        this.errorType = errorType;
    }

    public String errorType() {
        return errorType;
    }

    static String oneLine(String s) {
        String t = s == null ? "" : s.strip().replaceAll("\\s*\\R\\s*", " ");
        return t.length() > 300 ? t.substring(0, 300) + "…" : t;
    }
}
