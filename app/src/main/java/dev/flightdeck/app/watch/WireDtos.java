package dev.flightdeck.app.watch;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;
import java.util.Map;

/**
 * The few fields of Node and Pod JSON the console reads. Jackson skips every other field (managedFields, env,
 * volumes' details...) without building objects for it. Each record says {@code ignoreUnknown}: a record is made
 * through its constructor, and without that Jackson copies each unknown field into a token buffer until the
 * constructor's arguments are all read, then throws the copy away (18% of a cold node LIST's parsing; the mapper's
 * FAIL_ON_UNKNOWN_PROPERTIES=false alone does not stop the copying).
 */
final class WireDtos {

    private WireDtos() {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record OwnerRef(String kind, String name, Boolean controller) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Meta(String name, String namespace, String uid, String resourceVersion, String creationTimestamp,
                String deletionTimestamp, Map<String, String> labels, Map<String, String> annotations,
                List<OwnerRef> ownerReferences) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record TaintDto(String key, String value, String effect) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record ConditionDto(String type, String status, String reason, String message, String lastTransitionTime) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record NodeSpec(Boolean unschedulable, List<TaintDto> taints) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record NodeStatus(Map<String, String> capacity, Map<String, String> allocatable, List<ConditionDto> conditions) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Node(Meta metadata, NodeSpec spec, NodeStatus status) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Resources(Map<String, String> requests, Map<String, String> limits) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Container(String name, Resources resources) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Volume(Object emptyDir) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record PodSpec(String nodeName, List<Container> containers, List<Volume> volumes) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record StateDetail(String reason, String message, Integer exitCode) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record ContainerState(StateDetail waiting, StateDetail terminated) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record ContainerStatus(Boolean ready, Integer restartCount, ContainerState state) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record PodStatus(String phase, String reason, String message, List<ConditionDto> conditions,
                     List<ContainerStatus> containerStatuses) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Pod(Meta metadata, PodSpec spec, PodStatus status) {
    }
}
