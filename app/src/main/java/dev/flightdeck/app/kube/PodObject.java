package dev.flightdeck.app.kube;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A Pod as the console reads it for evidence (logs, Events, a rank's failure): where it runs, its containers,
 * and how each of them is or last ended. Fields the console does not name are skipped when it is read.
 */
public record PodObject(ObjectMeta metadata, Spec spec, Status status) {

    public PodObject {
        spec = spec == null ? new Spec(null, List.of(), List.of()) : spec;
        status = status == null ? new Status(null, null, null, null, List.of(), List.of()) : status;
    }

    public record Spec(String nodeName, List<Container> containers, List<Container> initContainers) {
        public Spec {
            containers = containers == null ? List.of() : containers;
            initContainers = initContainers == null ? List.of() : initContainers;
        }
    }

    public record Container(String name, String image) {
    }

    public record Status(String phase, String reason, String message, Instant startTime,
                         List<ContainerStatus> containerStatuses, List<ContainerStatus> initContainerStatuses) {
        public Status {
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

    public String name() {
        return metadata.name();
    }

    public String namespace() {
        return metadata.namespace();
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
