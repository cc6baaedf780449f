package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.Optional;

/**
 * LeaderWorkerSet ({@code leaderworkerset.x-k8s.io/v1}): every group is its own gang
 * (a leader and its workers serve one replica together), named as LWS names the
 * group's leader pod, {@code <name>-<group-index>}; rank = worker-index, 0 = leader.
 */
final class LeaderWorkerSetAdapter implements GangAdapter {

    static final String NAME = "leaderworkerset.sigs.k8s.io/name";
    static final String GROUP_INDEX = "leaderworkerset.sigs.k8s.io/group-index";
    static final String WORKER_INDEX = "leaderworkerset.sigs.k8s.io/worker-index";

    @Override
    public Optional<PodRank> identify(PodFacts pod) {
        String name = GangAdapter.attr(pod, NAME);
        if (name == null) {
            return Optional.empty();
        }
        int group = Math.max(0, GangAdapter.index(GangAdapter.attr(pod, GROUP_INDEX)));
        int worker = GangAdapter.index(GangAdapter.attr(pod, WORKER_INDEX));
        return Optional.of(new PodRank(new GangKey(GangSystem.LEADER_WORKER_SET, pod.namespace(), name + "-" + group),
                "", 0, worker));
    }
}
