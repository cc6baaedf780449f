package dev.flightdeck.app.fleet;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Pods by key and by node. Written only by the model thread; read from any thread
 * (the details pane asks for the pods on one node), hence the concurrent maps.
 */
final class PodIndex {

    private final Map<String, PodFacts> byKey = new ConcurrentHashMap<>();
    private final Map<String, Map<String, PodFacts>> byNode = new ConcurrentHashMap<>();

    /** Stores the pod; adds the nodes whose pod lists changed to {@code dirty}. */
    void put(PodFacts pod, Set<String> dirty) {
        PodFacts old = byKey.put(pod.key(), pod);
        if (old != null) {
            unlinkFromNode(old, dirty);
        }
        if (pod.nodeName() != null) {
            byNode.computeIfAbsent(pod.nodeName(), n -> new ConcurrentHashMap<>()).put(pod.key(), pod);
            dirty.add(pod.nodeName());
        }
    }

    void remove(PodFacts pod, Set<String> dirty) {
        PodFacts old = byKey.remove(pod.key());
        if (old != null) {
            unlinkFromNode(old, dirty);
        }
    }

    void replaceAll(Collection<PodFacts> pods, Set<String> dirty) {
        dirty.addAll(byNode.keySet());
        byKey.clear();
        byNode.clear();
        for (PodFacts p : pods) {
            put(p, dirty);
        }
    }

    private void unlinkFromNode(PodFacts old, Set<String> dirty) {
        if (old.nodeName() == null) {
            return;
        }
        Map<String, PodFacts> onNode = byNode.get(old.nodeName());
        if (onNode != null) {
            onNode.remove(old.key());
            if (onNode.isEmpty()) {
                byNode.remove(old.nodeName());
            }
        }
        dirty.add(old.nodeName());
    }

    List<PodFacts> onNode(String node) {
        Map<String, PodFacts> m = byNode.get(node);
        return m == null ? new ArrayList<>() : new ArrayList<>(m.values());
    }

    Collection<PodFacts> all() {
        return byKey.values();
    }

    int size() {
        return byKey.size();
    }
}
