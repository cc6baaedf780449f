package dev.flightdeck.app.kube;

import java.util.List;
import java.util.Optional;

/**
 * One entry of an object's {@code status.conditions}, as Pods, Nodes, Jobs, JobSets and the Kubeflow jobs write them:
 * a type, whether it holds ({@code True}, {@code False}, {@code Unknown}), and why. Only {@code True} is true: a status
 * no one defined is not taken for it.
 */
public record Condition(String type, String status, String reason, String message) {

    public boolean isTrue() {
        return "True".equals(status);
    }

    public boolean isFalse() {
        return "False".equals(status);
    }

    public boolean is(String conditionType) {
        return conditionType.equals(type);
    }

    /** The type of the last condition in the list that is True (Kubeflow and JobSet say their phase so), else null. */
    public static String lastTrueType(List<Condition> conditions) {
        String phase = null;
        for (Condition c : conditions) {
            if (c.isTrue()) {
                phase = c.type() == null ? "" : c.type();
            }
        }
        return phase;
    }

    /** The last condition of {@code conditionType} in the list, if there is one. */
    public static Optional<Condition> last(List<Condition> conditions, String conditionType) {
        Condition found = null;
        for (Condition c : conditions) {
            if (c.is(conditionType)) {
                found = c;
            }
        }
        return Optional.ofNullable(found);
    }
}
