package dev.flightdeck.app.queues.teams;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.Taint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The label and taint keys the cluster's GPU nodes carry that could name a team: what the settings dialog offers
 * for the team key, so a person picks a key the nodes really have instead of typing one from memory.
 */
public final class NodeKeys {

    /** More nodes than this with a distinct value each: a per-node key, not a team key. */
    static final int ONE_PER_NODE_FROM = 8;

    private NodeKeys() {
    }

    /** A key and how many GPU nodes carry it (as a label, a taint or both). */
    public record Offered(String key, int nodes) {
    }

    /**
     * Keys most common first (then by name). Left out: keys that never carry a value (no team could be read from
     * them) and keys whose value differs on every node that has it (hostnames, machine ids, timestamps: one per node
     * groups nothing).
     */
    public static List<Offered> offered(List<GpuNode> nodes) {
        Map<String, Set<String>> values = new HashMap<>();
        Map<String, Integer> carriers = new HashMap<>();
        Set<String> seenOnNode = new HashSet<>();
        for (GpuNode n : nodes) {
            seenOnNode.clear();
            n.facts().labels().forEach((k, v) -> note(k, v, values, carriers, seenOnNode));
            for (Taint t : n.facts().taints()) {
                note(t.key(), t.value(), values, carriers, seenOnNode);
            }
        }
        List<Offered> out = new ArrayList<>();
        carriers.forEach((key, count) -> {
            Set<String> v = values.get(key);
            // Only past a handful of nodes: on a small cluster a few nodes may each be a team of their own.
            boolean onePerNode = count > ONE_PER_NODE_FROM && v.size() == count;
            if (!v.isEmpty() && !onePerNode) {
                out.add(new Offered(key, count));
            }
        });
        out.sort(java.util.Comparator.comparingInt(Offered::nodes).reversed().thenComparing(Offered::key));
        return out;
    }

    private static void note(String key, String value, Map<String, Set<String>> values, Map<String, Integer> carriers,
                             Set<String> seenOnNode) {
        Set<String> v = values.computeIfAbsent(key, k -> new HashSet<>());
        if (value != null && !value.isEmpty()) {
            v.add(value);
        }
        if (seenOnNode.add(key)) {
            carriers.merge(key, 1, Integer::sum);
        }
    }
}
