package dev.flightdeck.app.connect;

import java.nio.file.Path;

/** One context of the merged kubeconfig, as the context switcher lists it. */
public record KubeContext(String name, String cluster, String user, String namespace, String server, Path file) {
}
