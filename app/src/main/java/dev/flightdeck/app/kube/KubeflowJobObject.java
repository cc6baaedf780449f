package dev.flightdeck.app.kube;

import java.util.List;
import java.util.Map;

/**
 * A Kubeflow training job as the console reads it: an MPIJob (kubeflow.org/v2beta1, {@code mpiReplicaSpecs}) or a
 * PyTorchJob (kubeflow.org/v1, {@code pytorchReplicaSpecs}), each a map of replica types ({@code Launcher},
 * {@code Worker}, {@code Master}) to how many replicas of each, with the training operator's conditions.
 */
public record KubeflowJobObject(ObjectMeta metadata, Spec spec, Status status) implements KubeObject {

    public KubeflowJobObject {
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
        spec = spec == null ? new Spec(Map.of(), Map.of()) : spec;
        status = status == null ? new Status(List.of()) : status;
    }

    public record Spec(Map<String, ReplicaSpec> mpiReplicaSpecs, Map<String, ReplicaSpec> pytorchReplicaSpecs) {
        public Spec {
            mpiReplicaSpecs = mpiReplicaSpecs == null ? Map.of() : mpiReplicaSpecs;
            pytorchReplicaSpecs = pytorchReplicaSpecs == null ? Map.of() : pytorchReplicaSpecs;
        }
    }

    /** {@code replicas} defaults to 1, as the operators do. */
    public record ReplicaSpec(Integer replicas) {
        public int count() {
            return replicas == null ? 1 : replicas;
        }
    }

    public record Status(List<Condition> conditions) {
        public Status {
            conditions = conditions == null ? List.of() : conditions;
        }
    }

    /** Every replica of an MPIJob: its launcher and its workers. */
    public int mpiReplicas() {
        return sum(spec.mpiReplicaSpecs());
    }

    /** Every replica of a PyTorchJob: its master and its workers. */
    public int pytorchReplicas() {
        return sum(spec.pytorchReplicaSpecs());
    }

    private static int sum(Map<String, ReplicaSpec> specs) {
        int n = 0;
        for (ReplicaSpec r : specs.values()) {
            n += r == null ? 1 : r.count();
        }
        return n;
    }
}
