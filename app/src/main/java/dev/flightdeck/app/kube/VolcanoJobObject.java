package dev.flightdeck.app.kube;

import java.util.List;

/**
 * A Volcano Job (batch.volcano.sh/v1alpha1) as the console reads it: the pods its gang needs at least
 * ({@code minAvailable}, else every task's replicas) and its phase ({@code status.state.phase}).
 */
public record VolcanoJobObject(ObjectMeta metadata, Spec spec, Status status) implements KubeObject {

    public VolcanoJobObject {
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
        spec = spec == null ? new Spec(null, List.of()) : spec;
        status = status == null ? new Status(null) : status;
    }

    public record Spec(Integer minAvailable, List<Task> tasks) {
        public Spec {
            tasks = tasks == null ? List.of() : tasks;
        }

        /** {@code minAvailable}, or when it is unset or 0 every task's replicas, as Volcano's own default. */
        public int gangSize() {
            int min = minAvailable == null ? 0 : minAvailable;
            if (min == 0) {
                for (Task t : tasks) {
                    min += t == null || t.replicas() == null ? 1 : t.replicas();
                }
            }
            return min;
        }
    }

    public record Task(String name, Integer replicas) {
    }

    public record Status(State state) {
        /** The phase ({@code Pending}, {@code Running}, {@code Completed} …), or null before Volcano sets one. */
        public String phase() {
            return state == null ? null : state.phase();
        }
    }

    public record State(String phase) {
    }
}
