package dev.flightdeck.app.queues;

import dev.flightdeck.app.kube.ObjectMeta;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The few fields of Kueue's objects the console reads, as Jackson records: every other field (a
 * Workload's pod templates but for their resources, managedFields, topology requests) is skipped
 * without building objects for it. Quantities are int-or-string in Kueue's schema: a number comes in
 * as its text. Lists and maps may be null here; {@link KueueProjector} reads them with that in mind.
 */
final class KueueWire {

    private KueueWire() {
    }

    record Condition(String type, String status, String reason, String message, Instant lastTransitionTime) {
    }

    record ResourceQuota(String name, String nominalQuota, String borrowingLimit, String lendingLimit) {
    }

    record FlavorQuotas(String name, List<ResourceQuota> resources) {
    }

    record ResourceGroup(List<String> coveredResources, List<FlavorQuotas> flavors) {
    }

    record ResourceUsage(String name, String total, String borrowed) {
    }

    record FlavorUsage(String name, List<ResourceUsage> resources) {
    }

    /** v1beta1 names the cohort {@code cohort}, v1beta2 {@code cohortName}. */
    record ClusterQueueSpec(String cohort, String cohortName, String stopPolicy, List<ResourceGroup> resourceGroups) {
    }

    record ClusterQueueStatus(List<FlavorUsage> flavorsReservation, List<FlavorUsage> flavorsUsage,
                              Integer pendingWorkloads, Integer reservingWorkloads, Integer admittedWorkloads,
                              List<Condition> conditions) {
    }

    record ClusterQueue(ObjectMeta metadata, ClusterQueueSpec spec, ClusterQueueStatus status) {
    }

    record LocalQueueSpec(String clusterQueue, String stopPolicy) {
    }

    record LocalQueueStatus(Integer pendingWorkloads, Integer reservingWorkloads, Integer admittedWorkloads) {
    }

    record LocalQueue(ObjectMeta metadata, LocalQueueSpec spec, LocalQueueStatus status) {
    }

    record Resources(Map<String, String> requests, Map<String, String> limits) {
    }

    record Container(String name, Resources resources) {
    }

    record PodSpec(List<Container> containers, List<Container> initContainers) {
    }

    record PodTemplate(PodSpec spec) {
    }

    record PodSet(String name, Integer count, PodTemplate template) {
    }

    record WorkloadSpec(String queueName, Integer priority, Boolean active, List<PodSet> podSets) {
    }

    record PodSetAssignment(String name, Map<String, String> flavors, Map<String, String> resourceUsage, Integer count) {
    }

    record Admission(String clusterQueue, List<PodSetAssignment> podSetAssignments) {
    }

    record AdmissionCheckState(String name, String state, String message) {
    }

    record WorkloadStatus(List<Condition> conditions, Admission admission, List<AdmissionCheckState> admissionChecks) {
    }

    record Workload(ObjectMeta metadata, WorkloadSpec spec, WorkloadStatus status) {
    }

    record ResourceFlavorSpec(Map<String, String> nodeLabels, List<FlavorTaint> nodeTaints) {
    }

    /** A taint the flavor's nodes carry ({@code spec.nodeTaints}): Kueue admits a workload there only if it tolerates it. */
    record FlavorTaint(String key, String value, String effect) {
    }

    record ResourceFlavor(ObjectMeta metadata, ResourceFlavorSpec spec) {
    }

    /** v1beta1 names the parent {@code parent}, v1beta2 {@code parentName}. */
    record CohortSpec(String parent, String parentName) {
    }

    record Cohort(ObjectMeta metadata, CohortSpec spec) {
    }
}
