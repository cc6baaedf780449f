package dev.flightdeck.app.kube;

import java.util.List;
import java.util.Map;

/**
 * A metav1.LabelSelector ({@code matchLabels} and {@code matchExpressions}), applied to an object's labels as the API
 * server applies it: every label and every expression must hold.
 */
public record LabelSelector(Map<String, String> matchLabels, List<Requirement> matchExpressions) {

    public LabelSelector {
        matchLabels = matchLabels == null ? Map.of() : matchLabels;
        matchExpressions = matchExpressions == null ? List.of() : matchExpressions;
    }

    /** One expression: {@code key In (a, b)}, {@code NotIn}, {@code Exists}, {@code DoesNotExist}. */
    public record Requirement(String key, String operator, List<String> values) {
        public Requirement {
            key = key == null ? "" : key;
            values = values == null ? List.of() : values;
        }

        boolean holds(Map<String, String> labels) {
            boolean has = labels.containsKey(key);
            return switch (operator == null ? "" : operator) {
                case "In" -> has && values.contains(labels.get(key));
                case "NotIn" -> !has || !values.contains(labels.get(key));
                case "Exists" -> has;
                case "DoesNotExist" -> !has;
                default -> false; // an operator the API server would have rejected
            };
        }
    }

    /** Whether {@code labels} are selected; an empty selector selects everything. */
    public boolean matches(Map<String, String> labels) {
        for (Map.Entry<String, String> e : matchLabels.entrySet()) {
            if (!String.valueOf(e.getValue()).equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        return matchExpressions.stream().allMatch(r -> r.holds(labels));
    }
}
