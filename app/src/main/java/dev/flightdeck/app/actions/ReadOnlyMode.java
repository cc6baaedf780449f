package dev.flightdeck.app.actions;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.KubeContext;
import dev.flightdeck.app.settings.SettingsFile;

/**
 * Whether the console may change this cluster at all. A context is read-only when its settings
 * say so, or when the kubeconfig marks it with the {@code flightdeck.dev/read-only} extension
 * (for production contexts a team wants looked at, never touched, from a desktop).
 */
public final class ReadOnlyMode {

    private ReadOnlyMode() {
    }

    /** Why mutating actions are off for {@code target}, or null when they may be offered. */
    public static String reason(ConnectionTarget target, SettingsFile.Loaded settings) {
        if (!(target instanceof ConnectionTarget.Context c)) {
            return null; // the sandbox is there to be changed
        }
        if (settings.forContext(c.name()).readOnly()) {
            return "read-only: the settings for context " + c.name() + " say so";
        }
        if (c.kubeconfig() != null) {
            for (KubeContext k : c.kubeconfig().contexts()) {
                if (k.name().equals(c.name()) && k.readOnly()) {
                    return "read-only: the kubeconfig marks context " + c.name() + " with " + KubeContext.READ_ONLY_EXTENSION;
                }
            }
        }
        return null;
    }
}
