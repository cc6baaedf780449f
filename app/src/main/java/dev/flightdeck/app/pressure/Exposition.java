package dev.flightdeck.app.pressure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code /metrics} body, parsed: the families the filter asked for, in the order they
 * appeared. Immutable, so a scrape can be handed to another thread as it is.
 */
public final class Exposition {

    private final Map<String, MetricFamily> families;
    private final int lines;

    Exposition(List<MetricFamily> families, int lines) {
        Map<String, MetricFamily> byName = new LinkedHashMap<>();
        for (MetricFamily family : families) {
            byName.put(family.name(), family);
        }
        this.families = Collections.unmodifiableMap(byName);
        this.lines = lines;
    }

    /** The family of that name (as in its {@code # TYPE} line), or null when absent or filtered out. */
    public MetricFamily family(String name) {
        return families.get(name);
    }

    /** The samples of a family, empty when the family is absent or was filtered out. */
    public List<Sample> samples(String familyName) {
        MetricFamily family = families.get(familyName);
        return family == null ? List.of() : family.samples();
    }

    public boolean has(String familyName) {
        return families.containsKey(familyName);
    }

    public List<MetricFamily> families() {
        return List.copyOf(families.values());
    }

    /** Lines in the whole body, kept or skipped: a cheap sanity figure for logs. */
    public int lines() {
        return lines;
    }
}
