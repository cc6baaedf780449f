package dev.flightdeck.app.kube;

/**
 * A PodGroup as the gang schedulers write it — Volcano's (scheduling.volcano.sh/v1beta1) and the scheduler-plugins
 * coscheduling one (scheduling.x-k8s.io/v1alpha1) read the same: how many members must be placed together, and the
 * group's phase.
 */
public record PodGroupObject(ObjectMeta metadata, Spec spec, Status status) implements KubeObject {

    public PodGroupObject {
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
        spec = spec == null ? new Spec(null) : spec;
        status = status == null ? new Status(null) : status;
    }

    public record Spec(Integer minMember) {
        public int minMemberOrZero() {
            return minMember == null ? 0 : minMember;
        }
    }

    /** {@code phase} is null before the scheduler sets one. */
    public record Status(String phase) {
    }
}
