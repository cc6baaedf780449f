package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The scheduling groups that pods of some other gang name. A workload's pods often carry a
 * pod-group label or annotation as well (an Indexed Job's pods labelled
 * {@code scheduling.x-k8s.io/pod-group}, a Volcano Job's pods annotated with their PodGroup);
 * the workload names their gang, and the PodGroup object, when one is watched, is only how
 * the scheduler gangs them. Without this the PodGroup would show as a second gang of the
 * same pods, every rank missing.
 */
final class SchedulingGroupClaims {

    private final Map<GangKey, Integer> claims = new HashMap<>();
    private final Map<String, List<GangKey>> byPod = new HashMap<>();

    /** The pod-group keys a pod names, other than the gang it belongs to. */
    static List<GangKey> named(PodFacts pod, GangKey own) {
        List<GangKey> out = new ArrayList<>(2);
        add(out, own, GangSystem.POD_GROUP, pod, PodGroupAdapter.POD_GROUP);
        add(out, own, GangSystem.POD_GROUP, pod, PodGroupAdapter.KUEUE_POD_GROUP);
        add(out, own, GangSystem.VOLCANO, pod, VolcanoAdapter.GROUP_NAME);
        add(out, own, GangSystem.VOLCANO, pod, VolcanoAdapter.GROUP_NAME_VOLCANO);
        return out;
    }

    private static void add(List<GangKey> out, GangKey own, GangSystem system, PodFacts pod, String attr) {
        String name = GangAdapter.attr(pod, attr);
        if (name != null) {
            GangKey k = new GangKey(system, pod.namespace(), name);
            if (!k.equals(own) && !out.contains(k)) {
                out.add(k);
            }
        }
    }

    /** Records what a pod claims; returns the keys whose standing may have changed. */
    List<GangKey> put(String podKey, List<GangKey> groups) {
        List<GangKey> touched = new ArrayList<>(remove(podKey));
        if (!groups.isEmpty()) {
            byPod.put(podKey, groups);
            groups.forEach(g -> claims.merge(g, 1, Integer::sum));
            touched.addAll(groups);
        }
        return touched;
    }

    List<GangKey> remove(String podKey) {
        List<GangKey> old = byPod.remove(podKey);
        if (old == null) {
            return List.of();
        }
        old.forEach(g -> claims.computeIfPresent(g, (k, n) -> n == 1 ? null : n - 1));
        return old;
    }

    boolean isClaimed(GangKey k) {
        return claims.containsKey(k);
    }

    /** Drops every claim; returns the keys that were claimed. */
    List<GangKey> clear() {
        List<GangKey> all = List.copyOf(claims.keySet());
        claims.clear();
        byPod.clear();
        return all;
    }

    boolean claimed(GangKey key) {
        return claims.containsKey(key);
    }
}
