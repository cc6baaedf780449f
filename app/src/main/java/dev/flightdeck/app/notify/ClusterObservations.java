package dev.flightdeck.app.notify;

import dev.flightdeck.app.clusters.OpenCluster;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.queues.QueuedWorkload;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.watch.WatchHealth;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Reads an open cluster into what notifications care about. Any thread; reads the model's snapshots only. */
public final class ClusterObservations {

    private ClusterObservations() {
    }

    public static ClusterObservation of(OpenCluster c) {
        ClusterSession s = c.session();
        if (s == null) {
            return switch (c.stage()) {
                case FAILED, CLOSED -> ClusterObservation.unreachable(c.name(), c.problem() == null ? "closed" : c.problem());
                // Opening again after a failure is still unreachable; opening the first time is not known yet.
                default -> c.problem() != null ? ClusterObservation.unreachable(c.name(), c.problem())
                        : new ClusterObservation(c.name(), null, false, Map.of(), Map.of(), Map.of());
            };
        }
        WatchHealth health = WatchHealth.combine(c.name(), s.watcherHealth());
        return switch (health.phase()) {
            case RECONNECTING, FAILED, STOPPED -> ClusterObservation.unreachable(c.name(), health.describe());
            case SYNCING -> new ClusterObservation(c.name(), null, false, Map.of(), Map.of(), Map.of());
            case LIVE -> of(c.name(), s.model(), s.model().sync().podsListed());
        };
    }

    /** The troubles {@code fleet} holds: halted gangs, untrusted nodes carrying ranks, queued jobs. */
    static ClusterObservation of(String cluster, ClusterModel fleet, boolean synced) {
        return of(cluster, fleet.gangs(), fleet.queues().queued(), synced);
    }

    public static ClusterObservation of(String cluster, List<Gang> gangs, List<QueuedWorkload> queued, boolean synced) {
        List<Gang> worstFirst = new ArrayList<>(gangs);
        worstFirst.sort(Gang.WORST_FIRST);
        Map<String, String> halted = new LinkedHashMap<>();
        Map<String, TreeSet<String>> gangsOn = new LinkedHashMap<>();
        Map<String, String> why = new LinkedHashMap<>();
        for (Gang g : worstFirst) {
            if (g.verdict() == GangVerdict.HALTED || g.verdict() == GangVerdict.FAILED) {
                // The first reason is why it stopped; the rest (ranks on degraded nodes, …) are for its screen.
                halted.put(g.key().toString(), g.verdict().label() + (g.reasons().isEmpty() ? "" : ": " + g.reasons().getFirst()));
            }
            if (g.verdict() == GangVerdict.FINISHED) {
                continue;
            }
            for (RankSlot r : g.ranks()) {
                if (r.node() != null && r.nodeVerdict() == NodeVerdict.UNTRUSTED) {
                    gangsOn.computeIfAbsent(r.node(), k -> new TreeSet<>()).add(g.key().toString());
                    why.putIfAbsent(r.node(), r.nodeWhy());
                }
            }
        }
        Map<String, String> untrusted = new LinkedHashMap<>();
        gangsOn.forEach((node, on) -> untrusted.put(node, "carries ranks of " + String.join(", ", on)
                + (why.get(node) == null ? "" : ": " + why.get(node))));
        Map<String, Instant> waiting = new LinkedHashMap<>();
        for (QueuedWorkload q : queued) {
            if (q.since() != null) {
                waiting.put(q.gang().toString(), q.since());
            }
        }
        return new ClusterObservation(cluster, null, synced, halted, untrusted, waiting);
    }
}
