package dev.flightdeck.app.sandbox;

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

    private static Predicate<Map<String, String>> labelTerm(String t) {
        if (t.startsWith("!")) {
            String key = t.substring(1).trim();
            return l -> !l.containsKey(key);
        }
        String[] words = t.split("\\s+", 3);
        if (words.length == 3 && (words[1].equals("in") || words[1].equals("notin"))) {
            Set<String> values = Set.of(words[2].replaceAll("[()\\s]", "").split(","));
            boolean in = words[1].equals("in");
            return l -> in == (l.containsKey(words[0]) && values.contains(l.get(words[0])));
        }
        if (t.contains("!=")) {
            String[] kv = t.split("!=", 2);
            return l -> !kv[1].trim().equals(l.get(kv[0].trim()));
        }
        if (t.contains("=")) {
            String[] kv = t.split("==?", 2);
            return l -> kv[1].trim().equals(l.get(kv[0].trim()));
        }
        return l -> l.containsKey(t);
    }
}
