package dev.flightdeck.app.gangs;

/** Which gang: its system, namespace and name (the workload's name, or the pod group's). */
public record GangKey(GangSystem system, String namespace, String name) {

    @Override
    public String toString() {
        return namespace + "/" + name;
    }
}
