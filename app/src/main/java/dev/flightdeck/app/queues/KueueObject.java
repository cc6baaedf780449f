package dev.flightdeck.app.queues;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A Kueue object as the console keeps it: a few strings and numbers out of objects that may be large
 * (a Workload carries its pod templates; a cluster may hold thousands). Quantities stay in Kueue's own
 * spelling ("16", "500m", "64Gi"); {@link Quantities} reads them where arithmetic is needed.
 */
public sealed interface KueueObject {

    KueueKind kind();

    /** Empty for the cluster-scoped kinds. */
    String namespace();

    String name();

    /** "name", or "namespace/name" for a namespaced kind: unique within its kind. */
    default String key() {
        return namespace().isEmpty() ? name() : namespace() + "/" + name();
    }

    /** A condition as Kueue writes it; {@code since} is its lastTransitionTime (null when absent). */
    record Condition(String status, String reason, String message, Instant since) {
        public boolean isTrue() {
            return "True".equals(status);
        }
    }

    /** One flavor's quota for one resource; a limit is null when the ClusterQueue sets none. */
    record Quota(String flavor, String resource, String nominal, String borrowingLimit, String lendingLimit) {
    }

    /** One flavor's reservation or usage of one resource ({@code status.flavorsReservation} / {@code flavorsUsage}). */
    record Usage(String flavor, String resource, String total, String borrowed) {
    }

    /**
     * @param inactive the message of its {@code Active=False} condition, or null while it is active
     */
    record ClusterQueue(String name, String cohort, String stopPolicy, List<Quota> quotas, List<Usage> reserved,
                        List<Usage> used, int pending, int reserving, int admitted, String inactive)
            implements KueueObject {
        public ClusterQueue {
            quotas = List.copyOf(quotas);
            reserved = List.copyOf(reserved);
            used = List.copyOf(used);
        }

        @Override
        public KueueKind kind() {
            return KueueKind.CLUSTER_QUEUE;
        }

        @Override
        public String namespace() {
            return "";
        }

        /** Whether {@code stopPolicy} holds admissions (Hold, HoldAndDrain). */
        public boolean stopped() {
            return stopPolicy != null && !stopPolicy.isEmpty() && !"None".equals(stopPolicy);
        }
    }

    record LocalQueue(String namespace, String name, String clusterQueue, String stopPolicy, int pending, int reserving,
                      int admitted) implements KueueObject {
        @Override
        public KueueKind kind() {
            return KueueKind.LOCAL_QUEUE;
        }
    }

    /** The job a Workload stands for: its controlling owner reference. */
    record Owner(String apiVersion, String kind, String name, String uid) {
    }

    /** What an admission gave one resource: its flavor and amount, summed over the pod sets. */
    record Assigned(String resource, String flavor, String amount) {
    }

    record AdmissionCheck(String name, String state, String message) {
    }

    /**
     * A Workload: the job it stands for, what it asks, and what Kueue said about it.
     *
     * @param owner         the job; null for a Workload made by hand (no controlling owner)
     * @param pods          pods over all pod sets
     * @param gpus          nvidia.com/gpu over all pod sets (count × a pod's request)
     * @param quotaReserved the {@code QuotaReserved} condition, null before Kueue looked at it
     * @param evicted       the {@code Evicted} condition while it is True, else null
     * @param preempted     the {@code Preempted} condition while it is True, else null
     * @param clusterQueue  {@code status.admission.clusterQueue} once quota is reserved, else null
     */
    record Workload(String namespace, String name, Owner owner, String queueName, int priority, Instant created,
                    int pods, int gpus, boolean active, Condition quotaReserved, boolean admitted, Condition evicted,
                    Condition preempted, boolean finished, String clusterQueue, List<Assigned> assigned,
                    List<AdmissionCheck> checks) implements KueueObject {
        public Workload {
            assigned = List.copyOf(assigned);
            checks = List.copyOf(checks);
        }

        @Override
        public KueueKind kind() {
            return KueueKind.WORKLOAD;
        }

        /** Holds quota in its ClusterQueue (admitted, or waiting on admission checks with quota reserved). */
        public boolean reserving() {
            return !finished && quotaReserved != null && quotaReserved.isTrue();
        }

        /** Waiting in a queue: not finished and not yet admitted. */
        public boolean pending() {
            return !finished && !admitted;
        }

        /** "ns/job" by its owner, or "ns/workload" for one without. */
        public String jobName() {
            return namespace + "/" + (owner == null ? name : owner.name());
        }
    }

    /**
     * A ResourceFlavor: which nodes its quota stands for, by the label values it selects ({@code spec.nodeLabels})
     * and the taint values it carries ({@code spec.nodeTaints}), key to value; never null.
     */
    record Flavor(String name, Map<String, String> nodeLabels, Map<String, String> nodeTaints) implements KueueObject {
        public Flavor {
            nodeLabels = Map.copyOf(nodeLabels);
            nodeTaints = Map.copyOf(nodeTaints);
        }

        /** The value the flavor's nodes have under {@code key}: its label, else its taint's (a node label wins, as for nodes). */
        public String valueOf(String key) {
            String v = nodeLabels.get(key);
            return v != null ? v : nodeTaints.get(key);
        }

        @Override
        public KueueKind kind() {
            return KueueKind.RESOURCE_FLAVOR;
        }

        @Override
        public String namespace() {
            return "";
        }
    }

    record Cohort(String name, String parent) implements KueueObject {
        @Override
        public KueueKind kind() {
            return KueueKind.COHORT;
        }

        @Override
        public String namespace() {
            return "";
        }
    }
}
