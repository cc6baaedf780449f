package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.Optional;

/**
 * Pods that only carry a pod-group label: scheduler-plugins coscheduling
 * ({@code scheduling.x-k8s.io/pod-group}) or Kueue plain pod groups
 * ({@code kueue.x-k8s.io/pod-group-name}). They form a gang even when no gang object
 * is visible; their rank comes from a completion index if they have one, else from
 * the order of their names (see {@link RankNumbering}).
 */
final class PodGroupAdapter implements GangAdapter {

    static final String POD_GROUP = "scheduling.x-k8s.io/pod-group";
    static final String KUEUE_POD_GROUP = "kueue.x-k8s.io/pod-group-name";

    @Override
    public Optional<PodRank> identify(PodFacts pod) {
        String group = GangAdapter.attr(pod, POD_GROUP);
        if (group == null) {
            group = GangAdapter.attr(pod, KUEUE_POD_GROUP);
        }
        if (group == null) {
            return Optional.empty();
        }
        return Optional.of(new PodRank(new GangKey(GangSystem.POD_GROUP, pod.namespace(), group), "", 0,
                GangAdapter.index(GangAdapter.attr(pod, IndexedJobAdapter.COMPLETION_INDEX))));
    }
}
