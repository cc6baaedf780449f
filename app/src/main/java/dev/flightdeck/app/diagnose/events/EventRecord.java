package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.kube.EventObject;
import dev.flightdeck.app.kube.ObjectReference;

import java.time.Instant;

/**
 * One Event as the console keeps it: compact (its strings shared with the Events around it, see
 * {@link EventProjector}), the same whichever API served it.
 *
 * @param key       {@code namespace/name} of the Event object: one per Event, across updates of its count
 * @param kind      the kind of the object it is about ({@code Pod}, {@code Node}, {@code Job} …)
 * @param namespace that object's namespace, "" for a cluster-scoped one
 * @param name      that object's name
 * @param controller who reported it ({@code default-scheduler}, {@code job-controller}, {@code flightdeck} …)
 * @param count     how many times it happened
 */
public record EventRecord(String key, boolean warning, String reason, String action, String note, String kind,
                          String namespace, String name, String controller, int count, Instant firstSeen,
                          Instant lastSeen) {

    /** The Events the console records for its own actions: reason {@code Flightdeck…}, reported by {@code flightdeck}. */
    public boolean flightdeck() {
        return EventObject.FLIGHTDECK_REPORTER.equals(controller) && reason.startsWith("Flightdeck");
    }

    /** What it is about, as a reference to match a screen's object against. */
    public ObjectReference regarding() {
        return ObjectReference.of(kind, namespace, name);
    }

    public boolean about(ObjectReference object) {
        return kind.equals(object.kind()) && name.equals(object.name()) && namespace.equals(object.namespace());
    }

    /** {@code Warning} or {@code Normal}. */
    public String type() {
        return warning ? "Warning" : "Normal";
    }
}
