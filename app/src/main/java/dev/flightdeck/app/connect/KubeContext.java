package dev.flightdeck.app.connect;

import java.nio.file.Path;

/**
 * One context of the merged kubeconfig, as the context switcher lists it.
 *
 * @param readOnly the context carries the extension {@code flightdeck.dev/read-only: true}: the console
 *                 offers no mutating action on it, whatever the settings say
 */
public record KubeContext(String name, String cluster, String user, String namespace, String server, Path file,
                          boolean readOnly) {

    /** The kubeconfig context extension that marks a context read-only for the console. */
    public static final String READ_ONLY_EXTENSION = "flightdeck.dev/read-only";
}
