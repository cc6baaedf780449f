package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.Optional;

/**
 * Volcano ({@code batch.volcano.sh/v1alpha1} Job, {@code scheduling.volcano.sh/v1beta1}
 * PodGroup): the gang is the Volcano job (or, for bare pods, the pod group named by
 * {@code scheduling.k8s.io/group-name}); the rank is the task index within its task.
 */
final class VolcanoAdapter implements GangAdapter {

    static final String JOB_NAME = "volcano.sh/job-name";
    static final String TASK_SPEC = "volcano.sh/task-spec";
    static final String TASK_INDEX = "volcano.sh/task-index";
    static final String GROUP_NAME = "scheduling.k8s.io/group-name";
    static final String GROUP_NAME_VOLCANO = "scheduling.volcano.sh/group-name";

    @Override
    public Optional<PodRank> identify(PodFacts pod) {
        String job = GangAdapter.attr(pod, JOB_NAME);
        if (job == null) {
            job = GangAdapter.attr(pod, GROUP_NAME);
        }
        if (job == null) {
            job = GangAdapter.attr(pod, GROUP_NAME_VOLCANO);
        }
        if (job == null) {
            return Optional.empty();
        }
        String task = GangAdapter.attr(pod, TASK_SPEC);
        return Optional.of(new PodRank(new GangKey(GangSystem.VOLCANO, pod.namespace(), job),
                task == null ? "" : task, 0, GangAdapter.index(GangAdapter.attr(pod, TASK_INDEX))));
    }
}
