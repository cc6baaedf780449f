package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.Optional;

/**
 * An Indexed Job ({@code batch/v1}, completionMode Indexed): the gang is the Job, the
 * rank its completion index (an annotation always; also a label since Kubernetes 1.28).
 * Non-indexed Jobs carry no index and are not gangs.
 */
final class IndexedJobAdapter implements GangAdapter {

    static final String JOB_NAME = "batch.kubernetes.io/job-name";
    static final String LEGACY_JOB_NAME = "job-name";
    static final String COMPLETION_INDEX = "batch.kubernetes.io/job-completion-index";

    @Override
    public Optional<PodRank> identify(PodFacts pod) {
        String index = GangAdapter.attr(pod, COMPLETION_INDEX);
        String job = GangAdapter.attr(pod, JOB_NAME);
        if (job == null) {
            job = GangAdapter.attr(pod, LEGACY_JOB_NAME);
        }
        if (index == null || job == null) {
            return Optional.empty();
        }
        return Optional.of(new PodRank(new GangKey(GangSystem.INDEXED_JOB, pod.namespace(), job), "", 0,
                GangAdapter.index(index)));
    }
}
