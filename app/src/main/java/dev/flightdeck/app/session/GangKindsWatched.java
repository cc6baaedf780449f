package dev.flightdeck.app.session;

import dev.flightdeck.app.gangs.WorkloadKind;

import java.time.Instant;
import java.util.List;

/**
 * The outcome of asking API discovery which gang objects the cluster serves: the kinds being
 * watched, the kinds not installed (no error, just absent), and a problem line when discovery
 * itself failed (gangs then form from pod labels only).
 */
public record GangKindsWatched(List<WorkloadKind> watched, List<WorkloadKind> notServed, String problem, Instant at) {

    public GangKindsWatched {
        watched = List.copyOf(watched);
        notServed = List.copyOf(notServed);
    }

    /** One line for the Gangs screen, e.g. "gang objects: 3 of 8 kinds served and watched". */
    public String describe() {
        if (problem != null) {
            return problem;
        }
        int all = watched.size() + notServed.size();
        return "gang objects: " + watched.size() + " of " + all + " kinds served and watched";
    }

    /** The detail behind {@link #describe()}: which kinds, by name and API group. */
    public String detail() {
        StringBuilder b = new StringBuilder("Watched:");
        watched.forEach(k -> b.append("\n  ").append(name(k)));
        if (!notServed.isEmpty()) {
            b.append("\nNot installed on this cluster (their pods still form gangs from labels):");
            notServed.forEach(k -> b.append("\n  ").append(name(k)));
        }
        return b.toString();
    }

    private static String name(WorkloadKind k) {
        return k.resource() + (k.group().isEmpty() ? "" : "." + k.group()) + " " + k.version();
    }
}
