package dev.flightdeck.app.kube;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * A Node as the actions read it before they change it (cordon, drain, the preflight gate): its metadata (labels,
 * annotations, the resourceVersion a guarded patch tests), whether it is cordoned, and its taints. The fleet's own
 * picture of nodes comes from the watch ({@code NodeProjector}), not from here.
 */
public record NodeObject(ObjectMeta metadata, Spec spec) implements KubeObject {

    public NodeObject {
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
        spec = spec == null ? new Spec(null, List.of()) : spec;
    }

    /** {@code unschedulable} is null when the node was never cordoned (the field is left out). */
    public record Spec(Boolean unschedulable, List<Taint> taints) {
        public Spec {
            taints = taints == null ? List.of() : taints;
        }

        /** Whether the node is cordoned. */
        public boolean cordoned() {
            return Boolean.TRUE.equals(unschedulable);
        }
    }

    /**
     * One taint. Written back as it was read when a patch keeps it: fields it did not have stay out, and
     * {@code timeAdded} is the server's own text.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Taint(String key, String value, String effect, String timeAdded) {
    }

    public String name() {
        return metadata.name();
    }
}
