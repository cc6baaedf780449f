package dev.flightdeck.app.watch;

import java.util.List;
import java.util.Map;

/**
 * The few fields of Node and Pod JSON the console reads. Jackson skips every other
 * field (managedFields, env, volumes' details...) without building objects for it.
 */
final class WireDtos {

    private WireDtos() {
    }

    record OwnerRef(String kind, String name, Boolean controller) {
    }

    record Meta(String name, String namespace, String uid, String resourceVersion, String creationTimestamp,
                String deletionTimestamp, Map<String, String> labels, Map<String, String> annotations,
                List<OwnerRef> ownerReferences) {
    }

    record TaintDto(String key, String value, String effect) {
    }

    record ConditionDto(String type, String status, String reason, String message, String lastTransitionTime) {
    }

    record NodeSpec(Boolean unschedulable, List<TaintDto> taints) {
    }

    record NodeStatus(Map<String, String> capacity, Map<String, String> allocatable, List<ConditionDto> conditions) {
    }

    record Node(Meta metadata, NodeSpec spec, NodeStatus status) {
    }

    record Resources(Map<String, String> requests, Map<String, String> limits) {
    }

    record Container(String name, Resources resources) {
    }

    record Volume(Object emptyDir) {
    }

    record PodSpec(String nodeName, List<Container> containers, List<Volume> volumes) {
    }

    record StateDetail(String reason, String message, Integer exitCode) {
    }

    record ContainerState(StateDetail waiting, StateDetail terminated) {
    }

    record ContainerStatus(Boolean ready, Integer restartCount, ContainerState state) {
    }

    record PodStatus(String phase, String reason, String message, List<ConditionDto> conditions,
                     List<ContainerStatus> containerStatuses) {
    }

    record Pod(Meta metadata, PodSpec spec, PodStatus status) {
    }
}
