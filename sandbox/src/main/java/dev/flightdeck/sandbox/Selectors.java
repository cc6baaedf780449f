package dev.flightdeck.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Label selectors ({@code a=b, a!=b, a, !a, a in (x,y), a notin (x,y)}) and the field
 * selectors the console uses ({@code spec.nodeName}, {@code metadata.name},
 * {@code metadata.namespace}, {@code status.phase} with = and !=).
 */
final class Selectors {

    private Selectors() {
    }

    static Predicate<StoredObject> labels(String selector) {
        if (selector == null || selector.isBlank()) {
            return o -> true;
        }
        List<Predicate<Map<String, String>>> parts = new ArrayList<>();
        for (String term : splitTerms(selector)) {
            parts.add(labelTerm(term.trim()));
        }
        return o -> parts.stream().allMatch(p -> p.test(o.labels()));
    }

    static Predicate<StoredObject> fields(String selector) {
        if (selector == null || selector.isBlank()) {
            return o -> true;
        }
        Predicate<StoredObject> all = o -> true;
        for (String term : selector.split(",")) {
            boolean negate = term.contains("!=");
            String[] kv = term.split(negate ? "!=" : "==?", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("unsupported field selector: " + term);
            }
            String key = kv[0].trim();
            String value = kv[1].trim();
            Predicate<StoredObject> eq = switch (key) {
                case "spec.nodeName" -> o -> value.equals(o.nodeName() == null ? "" : o.nodeName());
                case "metadata.name" -> o -> value.equals(o.name());
                case "metadata.namespace" -> o -> value.equals(o.namespace());
                case "status.phase" -> o -> value.equals(o.phase());
                default -> throw new IllegalArgumentException("field label not supported: " + key);
            };
            all = all.and(negate ? eq.negate() : eq);
        }
        return all;
    }

    private static List<String> splitTerms(String selector) {
        List<String> terms = new ArrayList<>();
        int depth = 0;
        StringBuilder cur = new StringBuilder();
        for (char c : selector.toCharArray()) {
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            }
            if (c == ',' && depth == 0) {
                terms.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        terms.add(cur.toString());
        return terms;
    }

    private static final String NAME = "[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?";
    /** A label key: an optional DNS-subdomain prefix and a name of up to 63 characters (apimachinery's rule). */
    private static final java.util.regex.Pattern KEY = java.util.regex.Pattern.compile(
            "([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?" + NAME);
    private static final java.util.regex.Pattern VALUE = java.util.regex.Pattern.compile("(" + NAME + ")?");
    private static final java.util.regex.Pattern SET = java.util.regex.Pattern.compile("(\\S+)\\s+(in|notin)\\s*\\((.*)\\)");

    /** One requirement; a malformed one is refused in kube-apiserver's words (400). */
    private static Predicate<Map<String, String>> labelTerm(String t) {
        if (t.startsWith("!")) {
            String key = key(t.substring(1).trim(), t);
            return l -> !l.containsKey(key);
        }
        java.util.regex.Matcher set = SET.matcher(t);
        if (set.matches()) {
            String key = key(set.group(1), t);
            List<String> list = new ArrayList<>();
            for (String v : set.group(3).split(",", -1)) {
                list.add(value(v.trim(), t));
            }
            if (list.size() == 1 && list.getFirst().isEmpty()) {
                throw new IllegalArgumentException("for 'in', 'notin' operators, values set can't be empty");
            }
            Set<String> values = Set.copyOf(list);
            boolean in = set.group(2).equals("in");
            return l -> in == (l.containsKey(key) && values.contains(l.get(key)));
        }
        if (t.contains("!=")) {
            String[] kv = t.split("!=", 2);
            String key = key(kv[0].trim(), t);
            String value = value(kv[1].trim(), t);
            return l -> !value.equals(l.get(key));
        }
        if (t.contains("=")) {
            String[] kv = t.split("==?", 2);
            String key = key(kv[0].trim(), t);
            String value = value(kv[1].trim(), t);
            return l -> value.equals(l.get(key));
        }
        String key = key(t, t);
        return l -> l.containsKey(key);
    }

    private static String key(String key, String term) {
        if (!KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("unable to parse requirement: invalid label key \"" + key + "\" in \"" + term + "\"");
        }
        return key;
    }

    private static String value(String value, String term) {
        if (!VALUE.matcher(value).matches()) {
            throw new IllegalArgumentException("unable to parse requirement: invalid label value \"" + value + "\" in \"" + term + "\"");
        }
        return value;
    }

    /**
     * A metav1.LabelSelector (matchLabels and matchExpressions) applied to labels, as the API server
     * applies a PodDisruptionBudget's: an empty selector selects everything, an absent one nothing.
     */
    static boolean matches(com.fasterxml.jackson.databind.JsonNode selector, Map<String, String> labels) {
        if (selector == null || selector.isMissingNode() || selector.isNull()) {
            return false;
        }
        for (var e : selector.path("matchLabels").properties()) {
            if (!e.getValue().asText().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (var x : selector.path("matchExpressions")) {
            String key = x.path("key").asText();
            java.util.Set<String> values = new java.util.HashSet<>();
            x.path("values").forEach(v -> values.add(v.asText()));
            boolean has = labels.containsKey(key);
            boolean ok = switch (x.path("operator").asText()) {
                case "In" -> has && values.contains(labels.get(key));
                case "NotIn" -> !has || !values.contains(labels.get(key));
                case "Exists" -> has;
                case "DoesNotExist" -> !has;
                default -> false; // validation refuses any other operator
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
