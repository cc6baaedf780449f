package dev.flightdeck.app.pressure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Objects stored per resource ({@code pods}, {@code deployments.apps}), largest first, from
 * {@code apiserver_resource_objects} (1.34+) or else {@code apiserver_storage_objects}. The
 * server reports -1 for a resource it has not counted yet; those are left out.
 */
public record ObjectCounts(Map<String, Long> byResource) {

    public ObjectCounts {
        byResource = Collections.unmodifiableMap(new LinkedHashMap<>(byResource));
    }

    /** Events stored: many of them is event pressure on etcd. Empty when not reported. */
    public OptionalLong events() {
        Long core = byResource.get("events");
        Long grouped = byResource.get("events.events.k8s.io"); // same objects, other API group
        Long events = core != null ? core : grouped;
        return events == null ? OptionalLong.empty() : OptionalLong.of(events);
    }

    public long total() {
        return byResource.values().stream().mapToLong(Long::longValue).sum();
    }

    static ObjectCounts derive(Exposition current) {
        boolean newNames = !current.samples(ApiServerMetrics.RESOURCE_OBJECTS).isEmpty();
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Sample sample : current.samples(newNames ? ApiServerMetrics.RESOURCE_OBJECTS : ApiServerMetrics.STORAGE_OBJECTS)) {
            if (sample.value() < 0 || Double.isNaN(sample.value())) {
                continue;
            }
            Labels labels = sample.labels();
            String resource = newNames ? RequestKinds.qualified(labels.get("resource"), labels.get("group")) : labels.get("resource");
            counts.merge(resource, (long) sample.value(), Long::sum);
        }
        Map<String, Long> largestFirst = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> largestFirst.put(e.getKey(), e.getValue()));
        return new ObjectCounts(largestFirst);
    }
}
