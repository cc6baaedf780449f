package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.Optional;

/**
 * JobSet ({@code jobset.x-k8s.io/v1alpha2}, also what Kubeflow Trainer's TrainJob makes):
 * rank = job-global-index × parallelism + job-completion-index. Replicated jobs may differ in
 * parallelism (a 1-pod driver and 2-pod workers, as in JobSet's own examples), so each
 * replicated job is a role, its jobs (job-index) the groups, and the roles keep the spec's
 * order: job-global-index − job-index is how many jobs the replicated jobs before it hold.
 */
final class JobSetAdapter implements GangAdapter {

    static final String NAME = "jobset.sigs.k8s.io/jobset-name";
    static final String REPLICATED_JOB = "jobset.sigs.k8s.io/replicatedjob-name";
    static final String JOB_INDEX = "jobset.sigs.k8s.io/job-index";
    static final String GLOBAL_INDEX = "jobset.sigs.k8s.io/job-global-index";

    @Override
    public Optional<PodRank> identify(PodFacts pod) {
        String name = GangAdapter.attr(pod, NAME);
        if (name == null) {
            return Optional.empty();
        }
        GangKey key = new GangKey(GangSystem.JOBSET, pod.namespace(), name);
        int completion = GangAdapter.index(GangAdapter.attr(pod, IndexedJobAdapter.COMPLETION_INDEX));
        String replicatedJob = GangAdapter.attr(pod, REPLICATED_JOB);
        int global = GangAdapter.index(GangAdapter.attr(pod, GLOBAL_INDEX));
        int jobIndex = GangAdapter.index(GangAdapter.attr(pod, JOB_INDEX));
        if (replicatedJob != null && jobIndex >= 0) {
            // JobSets older than job-global-index give no spec order: the roles then go by name
            int order = global >= jobIndex ? global - jobIndex : 0;
            return Optional.of(new PodRank(key, replicatedJob, jobIndex, completion, order));
        }
        // a pod without the per-replicated-job labels: the global index alone, as one role
        return Optional.of(new PodRank(key, "", Math.max(0, global), completion));
    }
}
