package dev.flightdeck.app.kube;

import java.util.List;

/**
 * A LeaderWorkerSet (leaderworkerset.x-k8s.io) as the console reads it: {@code replicas} groups of {@code size} pods
 * each (a leader and its workers), with the controller's conditions.
 */
public record LeaderWorkerSetObject(ObjectMeta metadata, Spec spec, Status status) implements KubeObject {

    public LeaderWorkerSetObject {
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
        spec = spec == null ? new Spec(null, null) : spec;
        status = status == null ? new Status(List.of()) : status;
    }

    public record Spec(Integer replicas, Template leaderWorkerTemplate) {

        /** The groups; the API's default is 1. */
        public int groups() {
            return replicas == null ? 1 : replicas;
        }

        /** The pods of each group, its leader included; the API's default is 1. */
        public int groupSize() {
            return leaderWorkerTemplate == null || leaderWorkerTemplate.size() == null ? 1 : leaderWorkerTemplate.size();
        }
    }

    public record Template(Integer size) {
    }

    public record Status(List<Condition> conditions) {
        public Status {
            conditions = conditions == null ? List.of() : conditions;
        }
    }
}
