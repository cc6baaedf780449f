package dev.flightdeck.app.launch;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.Kubeconfig;

/**
 * What the command line resolved to.
 *
 * @param kubeconfig the merged kubeconfig (for the context switcher), null when none was found
 * @param whySandbox why the sandbox is used, in words; null when connecting to a real cluster
 */
public record ResolvedTarget(ConnectionTarget target, Kubeconfig kubeconfig, String whySandbox) {
}
