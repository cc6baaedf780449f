package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.PodFacts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Pods by key and by node. Written only by the model thread; read from any thread
 * (the details pane asks for the pods on one node), hence the concurrent map and the
 * copy-on-write lists. A node holds tens of pods, so a list per node costs a slot per
 * pod where a map per node cost an entry object (about 35 bytes a pod at 100k pods).
 */
final class PodIndex {

    private final Map<String, PodFacts> byKey = new ConcurrentHashMap<>();
    private final Map<String, List<PodFacts>> byNode = new ConcurrentHashMap<>();

    /** The pod with this key ({@code namespace/name}), or null; any thread. */
    PodFacts get(String key) {
        return byKey.get(key);
    }

    /** Stores the pod; adds the nodes whose pod lists changed to {@code dirty}. */
    void put(PodFacts pod, Set<String> dirty) {
        PodFacts old = byKey.put(pod.key(), pod);
        if (old != null) {
            unlinkFromNode(old, dirty);
        }
        if (pod.nodeName() != null) {
            byNode.computeIfAbsent(pod.nodeName(), n -> new CopyOnWriteArrayList<>()).add(pod);
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
        List<PodFacts> onNode = byNode.get(old.nodeName());
        if (onNode != null) {
            onNode.removeIf(p -> p.key().equals(old.key()));
            if (onNode.isEmpty()) {
                byNode.remove(old.nodeName());
            }
        }
        dirty.add(old.nodeName());
    }

    List<PodFacts> onNode(String node) {
        List<PodFacts> l = byNode.get(node);
        return l == null ? new ArrayList<>() : new ArrayList<>(l);
    }

    Collection<PodFacts> all() {
        return byKey.values();
    }

    int size() {
        return byKey.size();
    }
}
