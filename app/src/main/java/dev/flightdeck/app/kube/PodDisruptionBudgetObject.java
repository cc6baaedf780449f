package dev.flightdeck.app.kube;

/**
 * A policy/v1 PodDisruptionBudget as a drain plan reads it: which pods it covers and how many of them may be
 * disrupted now. In policy/v1 an empty selector ({@code {}}) covers every pod in the namespace; an absent one covers
 * none.
 */
public record PodDisruptionBudgetObject(ObjectMeta metadata, Spec spec, Status status) implements KubeObject {

    public PodDisruptionBudgetObject {
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
        spec = spec == null ? new Spec(null) : spec;
        status = status == null ? new Status(null) : status;
    }

    public record Spec(LabelSelector selector) {
    }

    public record Status(Integer disruptionsAllowed) {
        public int allowed() {
            return disruptionsAllowed == null ? 0 : disruptionsAllowed;
        }
    }

    /** Whether it covers a pod with {@code labels} in its own namespace. */
    public boolean covers(java.util.Map<String, String> labels) {
        return spec.selector() != null && spec.selector().matches(labels);
    }
}
