package dev.flightdeck.app.gangs;

import dev.flightdeck.app.fleet.PodFacts;

import java.util.Optional;

/**
 * JobSet ({@code jobset.x-k8s.io/v1alpha2}, also what Kubeflow Trainer's TrainJob makes):
 * rank = job-global-index × parallelism + job-completion-index.
 */
final class JobSetAdapter implements GangAdapter {

    static final String NAME = "jobset.sigs.k8s.io/jobset-name";
    static final String GLOBAL_INDEX = "jobset.sigs.k8s.io/job-global-index";

    @Override
    public Optional<PodRank> identify(PodFacts pod) {
        String name = GangAdapter.attr(pod, NAME);
        if (name == null) {
            return Optional.empty();
        }
        return Optional.of(new PodRank(new GangKey(GangSystem.JOBSET, pod.namespace(), name), "",
                Math.max(0, GangAdapter.index(GangAdapter.attr(pod, GLOBAL_INDEX))),
                GangAdapter.index(GangAdapter.attr(pod, IndexedJobAdapter.COMPLETION_INDEX))));
    }
}
