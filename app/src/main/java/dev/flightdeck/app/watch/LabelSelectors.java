package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** A metav1.LabelSelector (matchLabels and matchExpressions) applied to a pod's labels, as the API server applies it. */
public final class LabelSelectors {

    private LabelSelectors() {
    }

    /**
     * In policy/v1 an empty selector ({@code {}}) selects every pod in the namespace; an absent one selects none.
     */
    public static boolean matches(JsonNode selector, Map<String, String> labels) {
        if (selector == null || selector.isMissingNode() || selector.isNull()) {
            return false;
        }
        var it = selector.path("matchLabels").properties().iterator();
        while (it.hasNext()) {
            var e = it.next();
            if (!e.getValue().asText().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (JsonNode x : selector.path("matchExpressions")) {
            String key = x.path("key").asText();
            Set<String> values = new HashSet<>();
            x.path("values").forEach(v -> values.add(v.asText()));
            boolean has = labels.containsKey(key);
            boolean ok = switch (x.path("operator").asText()) {
                case "In" -> has && values.contains(labels.get(key));
                case "NotIn" -> !has || !values.contains(labels.get(key));
                case "Exists" -> has;
                case "DoesNotExist" -> !has;
                default -> false; // an operator the API server would have rejected
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
