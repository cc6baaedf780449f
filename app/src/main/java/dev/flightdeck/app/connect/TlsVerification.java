package dev.flightdeck.app.connect;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Whether the console checks a cluster's certificate. TLS verification stays on unless the
 * cluster's kubeconfig entry says {@code insecure-skip-tls-verify: true}; nothing else turns it
 * off (not fabric8's {@code kubernetes.trust.certificates} property nor its
 * {@code KUBERNETES_TRUST_CERTIFICATES} variable). The one reading here decides both the client's
 * setting and what the console shows, so the two cannot disagree.
 */
public final class TlsVerification {

    /** The words every place that names such a cluster shows (switcher, status bar, fleet row, action windows, check). */
    public static final String OFF = "TLS verification off (kubeconfig)";

    private TlsVerification() {
    }

    /**
     * A cluster entry's {@code cluster} mapping turns verification off: {@code insecure-skip-tls-verify}
     * is {@code true}, or the text "true" (which fabric8 would also have read as true).
     */
    static boolean offIn(JsonNode cluster) {
        JsonNode v = cluster == null ? null : cluster.path("insecure-skip-tls-verify");
        return v != null && (v.isBoolean() && v.booleanValue() || v.isTextual() && "true".equalsIgnoreCase(v.asText().strip()));
    }

    /** The line for a report: the words first, then which context says so and whose certificate goes unchecked. */
    public static String explain(String context, String server) {
        return OFF + ": context " + context + " sets insecure-skip-tls-verify: true, so the certificate of "
                + server + " is not checked";
    }
}
