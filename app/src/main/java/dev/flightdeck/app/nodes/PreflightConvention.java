package dev.flightdeck.app.nodes;

/**
 * The key of the preflight gate (taint, label and annotation prefix). No standard
 * exists, so Flightdeck defines {@code flightdeck.dev/preflight} and lets the
 * operator rename it per cluster.
 */
public record PreflightConvention(String key) {

    public static final PreflightConvention DEFAULT = new PreflightConvention("flightdeck.dev/preflight");

    public PreflightConvention {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("preflight key must not be blank");
        }
    }

    public String atAnnotation() {
        return key + "-at";
    }

    public String detailAnnotation() {
        return key + "-detail";
    }
}
