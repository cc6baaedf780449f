package dev.flightdeck.app.gangs;

import java.util.List;

/**
 * One watched gang object and the gangs it defines: one for most systems, one per
 * group for a LeaderWorkerSet. {@code kind} is the resource it came from, so a relist
 * of one kind replaces only that kind's objects.
 */
public record WorkloadObject(String kind, String namespace, String name, List<WorkloadFacts> gangs) {

    public WorkloadObject {
        gangs = List.copyOf(gangs);
    }

    public String key() {
        return kind + "/" + namespace + "/" + name;
    }
}
