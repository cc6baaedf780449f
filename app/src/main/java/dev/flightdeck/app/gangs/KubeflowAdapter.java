package dev.flightdeck.app.gangs;

import dev.flightdeck.app.fleet.PodFacts;

import java.util.Locale;
import java.util.Optional;

/**
 * Kubeflow training operators: MPIJob ({@code kubeflow.org/v2beta1}: launcher + workers,
 * label job-role) and PyTorchJob ({@code kubeflow.org/v1}: master + workers, label
 * replica-type). A PyTorchJob worker's rank is its index + 1 when a master exists,
 * which the numbering gives by ordering the master role first.
 */
final class KubeflowAdapter implements GangAdapter {

    static final String JOB_NAME = "training.kubeflow.org/job-name";
    static final String JOB_ROLE = "training.kubeflow.org/job-role";
    static final String REPLICA_TYPE = "training.kubeflow.org/replica-type";
    static final String REPLICA_INDEX = "training.kubeflow.org/replica-index";
    static final String OPERATOR = "training.kubeflow.org/operator-name";

    @Override
    public Optional<PodRank> identify(PodFacts pod) {
        String job = GangAdapter.attr(pod, JOB_NAME);
        if (job == null) {
            return Optional.empty();
        }
        String role = lower(GangAdapter.attr(pod, REPLICA_TYPE));
        String mpiRole = lower(GangAdapter.attr(pod, JOB_ROLE));
        boolean mpi = "MPIJob".equals(pod.ownerKind()) || mpiRole != null
                || "mpi-operator".equals(GangAdapter.attr(pod, OPERATOR)) || "launcher".equals(role);
        GangSystem system = mpi ? GangSystem.MPIJOB : GangSystem.PYTORCHJOB;
        String r = mpi && mpiRole != null ? mpiRole : (role == null ? "worker" : role);
        int index = GangAdapter.index(GangAdapter.attr(pod, REPLICA_INDEX));
        if (index < 0 && ("launcher".equals(r) || "master".equals(r))) {
            index = 0; // a single launcher or master is rank 0 of its role even when unlabelled
        }
        return Optional.of(new PodRank(new GangKey(system, pod.namespace(), job), r, 0, index));
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }
}
