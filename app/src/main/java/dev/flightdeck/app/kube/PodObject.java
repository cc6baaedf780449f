package dev.flightdeck.app.kube;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Pod as the console reads it for evidence (logs, Events, a rank's failure) and for the actions (what a drain
 * would lose, which pods hold GPUs): where it runs, its containers and their limits, its volumes, and how each
 * container is or last ended. Fields the console does not name are skipped when it is read.
 */
public record PodObject(ObjectMeta metadata, Spec spec, Status status) implements KubeObject {

    public PodObject {
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
        spec = spec == null ? new Spec(null, List.of(), List.of(), List.of(), null) : spec;
        status = status == null ? new Status(null, null, null, null, List.of(), List.of(), List.of()) : status;
    }

    /** {@code terminationGracePeriodSeconds} is null when the pod does not say (the API's default is 30). */
    public record Spec(String nodeName, List<Container> containers, List<Container> initContainers,
                       List<Volume> volumes, Long terminationGracePeriodSeconds) {
        public Spec {
            containers = containers == null ? List.of() : containers;
            initContainers = initContainers == null ? List.of() : initContainers;
            volumes = volumes == null ? List.of() : volumes;
        }

        /** The pod's own grace period, else the API's default of 30 s (what kubectl's eviction waits). */
        public long graceSeconds() {
            return terminationGracePeriodSeconds == null ? 30 : terminationGracePeriodSeconds;
        }
    }

    public record Container(String name, String image, Resources resources) {
        /** The limit on {@code resource} ({@code nvidia.com/gpu}) as written, or "" when there is none. */
        public String limit(String resource) {
            return resources == null ? "" : resources.limits().getOrDefault(resource, "");
        }
    }

    /** Quantities as written ({@code "8"}, {@code "16Gi"}): the caller parses the ones it reads. */
    public record Resources(Map<String, String> limits, Map<String, String> requests) {
        public Resources {
            limits = limits == null ? Map.of() : limits;
            requests = requests == null ? Map.of() : requests;
        }
    }

    /** A volume: only its name and whether it is an emptyDir (its data dies with the pod) are read. */
    public record Volume(String name, Map<String, Object> emptyDir) {
        public boolean isEmptyDir() {
            return emptyDir != null;
        }
    }

    public record Status(String phase, String reason, String message, Instant startTime, List<Condition> conditions,
                         List<ContainerStatus> containerStatuses, List<ContainerStatus> initContainerStatuses) {
        public Status {
            conditions = conditions == null ? List.of() : conditions;
            containerStatuses = containerStatuses == null ? List.of() : containerStatuses;
            initContainerStatuses = initContainerStatuses == null ? List.of() : initContainerStatuses;
        }
    }

    public record ContainerStatus(String name, Integer restartCount, ContainerState state, ContainerState lastState) {
        public int restarts() {
            return restartCount == null ? 0 : restartCount;
        }
    }

    /** At most one of the three is set, as the API says. */
    public record ContainerState(Running running, Waiting waiting, Terminated terminated) {
    }

    public record Running(Instant startedAt) {
    }

    public record Waiting(String reason, String message) {
    }

    public record Terminated(Integer exitCode, String reason, String message, Instant startedAt, Instant finishedAt) {
    }

    /** The pods on {@code node}, across namespaces: one LIST by field selector, as kubectl drain makes it. */
    public static ApiPath onNode(String node) {
        return ApiResource.PODS.path().param("fieldSelector", "spec.nodeName=" + node);
    }

    public String name() {
        return metadata.name();
    }

    public String namespace() {
        return metadata.namespace();
    }

    /** The phase, or "" before the server has set one. */
    public String phase() {
        return status.phase() == null ? "" : status.phase();
    }

    /** Succeeded or Failed: its containers will not run again. */
    public boolean finished() {
        return "Succeeded".equals(status.phase()) || "Failed".equals(status.phase());
    }

    /** The names of its containers, in spec order. */
    public List<String> containerNames() {
        return spec.containers().stream().map(Container::name).toList();
    }

    /** The status of container {@code name}, if it has one yet. */
    public Optional<ContainerStatus> containerStatus(String name) {
        return status.containerStatuses().stream().filter(c -> name.equals(c.name())).findFirst();
    }

    /** kubectl's annotation naming the container {@code kubectl logs} and {@code exec} use when a pod has several. */
    public static final String DEFAULT_CONTAINER_ANNOTATION = "kubectl.kubernetes.io/default-container";

    /** The container {@code kubectl logs} reads: the one the annotation names, else the first; empty without containers. */
    public Optional<String> defaultContainer() {
        String named = metadata.annotations().get(DEFAULT_CONTAINER_ANNOTATION);
        List<String> names = containerNames();
        if (named != null && names.contains(named)) {
            return Optional.of(named);
        }
        return names.isEmpty() ? Optional.empty() : Optional.of(names.getFirst());
    }
}
