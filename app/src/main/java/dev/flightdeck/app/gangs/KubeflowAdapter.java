package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.Optional;

/**
 * Kubeflow training operators: MPIJob ({@code kubeflow.org/v2beta1}: launcher + workers)
 * and PyTorchJob ({@code kubeflow.org/v1}: master + workers). Which one made a pod is
 * {@link KubeflowControllers}' question; here the pod's role is its replica-type, which
 * training-operator always sets, or, for mpi-operator v2 which sets none, its job-role.
 * job-role is never the role where a replica-type exists: training-operator writes
 * {@code job-role=master} on a PyTorchJob's master and on a TFJob's worker 0.
 * A PyTorchJob worker's rank is its index + 1 when a master exists, which the numbering
 * gives by ordering the master role first; an MPIJob's launcher is rank 0 the same way.
 * Other Kubeflow kinds (TFJob, XGBoostJob…) have no system here: they show as a pod group
 * named after the job, chief or master first, unless a gang scheduler's PodGroup names them.
 */
final class KubeflowAdapter implements GangAdapter {

    static final String JOB_NAME = "training.kubeflow.org/job-name";
    static final String JOB_ROLE = "training.kubeflow.org/job-role";
    static final String REPLICA_TYPE = "training.kubeflow.org/replica-type";
    static final String REPLICA_INDEX = "training.kubeflow.org/replica-index";
    static final String OPERATOR = KubeflowControllers.OPERATOR;

    @Override
    public Optional<PodRank> identify(PodFacts pod) {
        String job = GangAdapter.attr(pod, JOB_NAME);
        if (job == null) {
            return Optional.empty();
        }
        GangSystem system = KubeflowControllers.system(pod);
        if (system == GangSystem.POD_GROUP && !SchedulingGroupClaims.named(pod, null).isEmpty()) {
            // a TFJob or other kind the console has no system for, gang-scheduled: the Volcano or
            // coscheduling PodGroup its operator made is its gang object, so that adapter names it
            return Optional.empty();
        }
        String role = KubeflowControllers.replicaType(pod);
        if (role == null && system == GangSystem.MPIJOB) {
            role = KubeflowControllers.lower(GangAdapter.attr(pod, JOB_ROLE));
        }
        if (role == null) {
            role = "worker";
        }
        int index = GangAdapter.index(GangAdapter.attr(pod, REPLICA_INDEX));
        if (index < 0 && ("launcher".equals(role) || "master".equals(role))) {
            index = 0; // a single launcher or master is rank 0 of its role even when unlabelled
        }
        return Optional.of(new PodRank(new GangKey(system, pod.namespace(), job), role, 0, index));
    }
}
