package dev.flightdeck.sandbox;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Simulated, for drill sandboxes: the hosts' InfiniBand NICs. A NIC whose link flaps raises no node condition and
 * writes no Event (no agent in a usual cluster watches it); it shows only in the ranks on that host — NCCL's IB
 * completion errors in their logs — and, through the collectives, in every rank of their gangs. It keeps flapping
 * until the host is taken out of service: a rank placed there again fails again.
 */
public final class SandboxFabric {

    private final Map<String, Instant> flapping = new ConcurrentHashMap<>();

    /** The NIC of {@code node} flaps from {@code since} on. */
    public void flaps(String node, Instant since) {
        flapping.putIfAbsent(node, since);
    }

    /** Whether the NIC of {@code node} flaps. */
    public boolean flapping(String node) {
        return node != null && flapping.containsKey(node);
    }
}
