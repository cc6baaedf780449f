package dev.flightdeck.app.settings;

import java.util.List;

/**
 * Which kubeconfig contexts the console keeps open at once: every one ({@code all}, so a context
 * added to the kubeconfig later opens too), or the ones named. Empty: just the one chosen at start.
 */
public record OpenContexts(boolean all, List<String> names) {

    public static final OpenContexts NONE = new OpenContexts(false, List.of());

    public OpenContexts {
        names = List.copyOf(names);
    }
}
