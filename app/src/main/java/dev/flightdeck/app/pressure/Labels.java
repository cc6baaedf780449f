package dev.flightdeck.app.pressure;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The label set of one sample, in the order the exposition wrote it. Immutable; equal label
 * sets written in the same order are equal, which is how a series is matched between two
 * scrapes of the same server (kube-apiserver always writes labels sorted by name).
 * As in Prometheus, an absent label and an empty one are the same: {@link #get} answers "".
 */
public final class Labels {

    public static final Labels EMPTY = new Labels(new String[0]);

    private final String[] namesAndValues; // name0, value0, name1, value1, ...
    private final int hash;

    private Labels(String[] namesAndValues) {
        this.namesAndValues = namesAndValues;
        this.hash = Arrays.hashCode(namesAndValues);
    }

    /** Labels from alternating names and values: {@code of("verb", "GET", "code", "200")}. */
    public static Labels of(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("labels come in name/value pairs");
        }
        return namesAndValues.length == 0 ? EMPTY : new Labels(namesAndValues.clone());
    }

    /** For the parser, which hands over a fresh array it no longer touches. */
    static Labels adopt(String[] namesAndValues) {
        return namesAndValues.length == 0 ? EMPTY : new Labels(namesAndValues);
    }

    /** The value of the label, or "" when the sample does not carry it. */
    public String get(String name) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i].equals(name)) {
                return namesAndValues[i + 1];
            }
        }
        return "";
    }

    /** The same labels without one of them (e.g. {@code le}, to group the buckets of one histogram). */
    public Labels without(String name) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i].equals(name)) {
                String[] rest = new String[namesAndValues.length - 2];
                System.arraycopy(namesAndValues, 0, rest, 0, i);
                System.arraycopy(namesAndValues, i + 2, rest, i, namesAndValues.length - i - 2);
                return adopt(rest);
            }
        }
        return this;
    }

    public int size() {
        return namesAndValues.length / 2;
    }

    public String name(int index) {
        return namesAndValues[2 * index];
    }

    public String value(int index) {
        return namesAndValues[2 * index + 1];
    }

    public Map<String, String> asMap() {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return map;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Labels that && hash == that.hash
                && Arrays.equals(namesAndValues, that.namesAndValues);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** As the exposition writes it: {@code {verb="GET",code="200"}}, or "" when empty. */
    @Override
    public String toString() {
        if (namesAndValues.length == 0) {
            return "";
        }
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (i > 0) {
                text.append(',');
            }
            text.append(namesAndValues[i]).append("=\"")
                    .append(ExpositionText.escapeLabelValue(namesAndValues[i + 1])).append('"');
        }
        return text.append('}').toString();
    }
}
