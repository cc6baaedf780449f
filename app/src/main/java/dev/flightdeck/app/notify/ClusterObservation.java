package dev.flightdeck.app.notify;

import java.time.Instant;
import java.util.Map;

/**
 * What one cluster looks like now, as far as notifications care: whether it can be reached, whether its data is whole
 * (a cluster still listing has not told yet which gangs are halted), and the objects in trouble, by id.
 *
 * @param unreachableWhy why it cannot be reached, in words; null when it can
 * @param synced         its nodes and pods are listed: what is halted now is known, not half-read
 * @param halted         gang ("namespace/name") to why it stopped
 * @param untrusted      untrusted node carrying ranks to its reasons and the gangs on it
 * @param queued         gang queued to since when
 */
public record ClusterObservation(String cluster, String unreachableWhy, boolean synced, Map<String, String> halted,
                                 Map<String, String> untrusted, Map<String, Instant> queued) {

    public ClusterObservation {
        // In the caller's order (worst first, as the screens list them): what the rate lets through first.
        halted = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(halted));
        untrusted = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(untrusted));
        queued = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(queued));
    }

    public boolean reachable() {
        return unreachableWhy == null;
    }

    /** A cluster that cannot be reached: nothing known of its objects. */
    public static ClusterObservation unreachable(String cluster, String why) {
        return new ClusterObservation(cluster, why, false, Map.of(), Map.of(), Map.of());
    }
}
