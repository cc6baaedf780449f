package dev.flightdeck.app.kube;

import java.util.ArrayList;
import java.util.List;

/**
 * Field selectors on Events, in the words of the API that serves them: events.k8s.io/v1 selects by
 * {@code regarding.kind}, {@code regarding.name}, {@code regarding.namespace}, {@code regarding.uid},
 * {@code reportingController}, {@code reason}, {@code type}; core v1 by {@code involvedObject.*},
 * {@code reportingComponent}, {@code source}, {@code reason}, {@code type}. Each refuses the other's
 * names with 400 "field label not supported" (checked on kube-apiserver 1.32), so the choice of API
 * and of words go together.
 */
public final class EventSelectors {

    private EventSelectors() {
    }

    /** The events of one object: its kind and name, its namespace when it has one, its uid when known. */
    public static String about(ApiResource events, ObjectReference object) {
        String prefix = prefix(events);
        List<String> terms = new ArrayList<>();
        terms.add(prefix + "kind=" + object.kind());
        terms.add(prefix + "name=" + object.name());
        if (!object.namespace().isEmpty()) {
            terms.add(prefix + "namespace=" + object.namespace());
        }
        if (!object.uid().isEmpty()) {
            terms.add(prefix + "uid=" + object.uid());
        }
        return String.join(",", terms);
    }

    /** Warnings only (both APIs call the field {@code type}). */
    public static String warnings() {
        return "type=Warning";
    }

    /** Both selectors at once ({@code a,b}); either may be empty. */
    public static String and(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + "," + b;
    }

    private static String prefix(ApiResource events) {
        if (events.equals(ApiResource.EVENTS)) {
            return "regarding.";
        }
        if (events.equals(ApiResource.EVENTS_CORE)) {
            return "involvedObject.";
        }
        throw new IllegalArgumentException(events.qualifiedName() + " is not an Event resource");
    }
}
