package dev.flightdeck.app.connect;

import java.nio.file.Path;

/**
 * One context of the merged kubeconfig, as the context switcher lists it.
 *
 * @param readOnly the context carries the extension {@code flightdeck.dev/read-only: true}: the console
 *                 offers no mutating action on it, whatever the settings say
 * @param tlsVerificationOff the context's cluster entry sets {@code insecure-skip-tls-verify: true}: the client
 *                 does not check the server's certificate ({@link TlsVerification}), and the console says so
 *                 wherever it names the cluster
 */
public record KubeContext(String name, String cluster, String user, String namespace, String server, Path file,
                          boolean readOnly, boolean tlsVerificationOff) {

    /** The kubeconfig context extension that marks a context read-only for the console. */
    public static final String READ_ONLY_EXTENSION = "flightdeck.dev/read-only";
}
