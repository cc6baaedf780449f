package dev.flightdeck.app.kube;

import java.util.List;

/**
 * A JobSet (jobset.x-k8s.io) as the console reads it: its replicated Jobs (each {@code replicas} copies of a Job
 * template running {@code parallelism} pods) and how it ended ({@code status.terminalState}, else its conditions).
 */
public record JobSetObject(ObjectMeta metadata, Spec spec, Status status) implements KubeObject {

    public JobSetObject {
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
        spec = spec == null ? new Spec(List.of()) : spec;
        status = status == null ? new Status(null, List.of()) : status;
    }

    public record Spec(List<ReplicatedJob> replicatedJobs) {
        public Spec {
            replicatedJobs = replicatedJobs == null ? List.of() : replicatedJobs;
        }
    }

    /** {@code replicas} copies of {@code template}; both counts default to 1 as the APIs say. */
    public record ReplicatedJob(String name, Integer replicas, JobTemplate template) {

        /** The pods this replicated Job runs at once: its replicas times its Jobs' parallelism. */
        public int pods() {
            int parallelism = template == null || template.spec() == null ? 1 : template.spec().parallelismOrDefault();
            return (replicas == null ? 1 : replicas) * parallelism;
        }
    }

    public record JobTemplate(JobObject.Spec spec) {
    }

    /** {@code terminalState} is {@code Completed} or {@code Failed} once the JobSet has ended, else null. */
    public record Status(String terminalState, List<Condition> conditions) {
        public Status {
            conditions = conditions == null ? List.of() : conditions;
        }
    }

    /** Every pod of the JobSet: the sum over its replicated Jobs. */
    public int pods() {
        return spec.replicatedJobs().stream().mapToInt(ReplicatedJob::pods).sum();
    }
}
