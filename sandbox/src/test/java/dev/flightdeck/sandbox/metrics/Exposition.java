package dev.flightdeck.sandbox.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Just enough reading of Prometheus text for the tests: one regex per kind of line,
 * samples keyed by {@code name{labels}}, families by their TYPE line. Not the
 * console's parser (that lives in the pressure package); a check of the sandbox.
 */
record Exposition(Map<String, String> types, Map<String, Double> samples, List<String> invalidLines) {

    private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
    private static final String LABEL = "[a-zA-Z_][a-zA-Z0-9_]*=\"(?:\\\\.|[^\"\\\\])*\"";
    private static final String VALUE = "(?:NaN|[+-]Inf|-?[0-9]+(?:\\.[0-9]+)?(?:e[+-][0-9]+)?)";
    private static final Pattern HELP = Pattern.compile("# HELP " + NAME + " .*");
    private static final Pattern TYPE = Pattern.compile("# TYPE " + NAME + " (?:counter|gauge|histogram|summary|untyped)");
    private static final Pattern SAMPLE = Pattern.compile(NAME + "(?:\\{" + LABEL + "(?:," + LABEL + ")*\\})? " + VALUE);

    static Exposition read(String text) {
        Map<String, String> types = new LinkedHashMap<>();
        Map<String, Double> samples = new HashMap<>();
        List<String> invalid = new ArrayList<>();
        if (!text.endsWith("\n")) {
            invalid.add("(no final newline)");
        }
        for (String line : text.split("\n")) {
            if (line.startsWith("# TYPE ") && TYPE.matcher(line).matches()) {
                String[] parts = line.split(" ");
                types.put(parts[2], parts[3]);
            } else if (SAMPLE.matcher(line).matches()) {
                int space = line.lastIndexOf(' ');
                String value = line.substring(space + 1);
                samples.put(line.substring(0, space), value.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(value));
            } else if (!HELP.matcher(line).matches()) {
                invalid.add(line);
            }
        }
        return new Exposition(types, samples, invalid);
    }

    double get(String key) {
        Double v = samples.get(key);
        if (v == null) {
            throw new AssertionError("no sample " + key);
        }
        return v;
    }

    double sum(Predicate<String> key) {
        return samples.entrySet().stream().filter(e -> key.test(e.getKey())).mapToDouble(Map.Entry::getValue).sum();
    }

    /** The family a sample belongs to, by its TYPE line (histogram and summary suffixes removed). */
    String familyOf(String key) {
        String name = key.contains("{") ? key.substring(0, key.indexOf('{')) : key;
        if (types.containsKey(name)) {
            return name;
        }
        return name.replaceFirst("_(bucket|sum|count)$", "");
    }
}
