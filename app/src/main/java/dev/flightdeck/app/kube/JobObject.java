package dev.flightdeck.app.kube;

import java.util.List;
import java.util.Optional;

/**
 * A batch/v1 Job as the console reads it: whether it is Indexed (a gang), how many pods it runs at once and in all,
 * and how it ended ({@code Complete} or {@code Failed}, from its conditions).
 */
public record JobObject(ObjectMeta metadata, Spec spec, Status status) implements KubeObject {

    public JobObject {
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
        spec = spec == null ? new Spec(null, null, null) : spec;
        status = status == null ? new Status(List.of()) : status;
    }

    /** Counts are null when the Job does not say; the API's defaults are 1 each, completions following parallelism. */
    public record Spec(String completionMode, Integer parallelism, Integer completions) {

        /** Indexed: each pod has a completion index, one rank of a gang. */
        public boolean indexed() {
            return "Indexed".equals(completionMode);
        }

        public int parallelismOrDefault() {
            return parallelism == null ? 1 : parallelism;
        }

        /** The completions, else the parallelism (a Job with no completions runs until its pods are done). */
        public int completionsOrDefault() {
            return completions == null ? parallelismOrDefault() : completions;
        }
    }

    public record Status(List<Condition> conditions) {
        public Status {
            conditions = conditions == null ? List.of() : conditions;
        }
    }

    /** The condition that ended it, {@code Complete} or {@code Failed} and True; the last such when both appear. */
    public Optional<Condition> ending() {
        Condition end = null;
        for (Condition c : status.conditions()) {
            if ((c.is("Complete") || c.is("Failed")) && c.isTrue()) {
                end = c;
            }
        }
        return Optional.ofNullable(end);
    }
}
