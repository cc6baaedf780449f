package dev.flightdeck.app.gangs;

/** Which gang: its system, namespace and name (the workload's name, or the pod group's). */
public record GangKey(GangSystem system, String namespace, String name) {

    /** By namespace, then name, then system: "namespace/name" order without building that string per comparison. */
    public static final java.util.Comparator<GangKey> ORDER = java.util.Comparator.comparing(GangKey::namespace)
            .thenComparing(GangKey::name)
            .thenComparing(GangKey::system);

    @Override
    public String toString() {
        return namespace + "/" + name;
    }
}
