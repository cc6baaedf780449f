package dev.flightdeck.app.actions;

import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.EventObject;
import dev.flightdeck.app.kube.KubeRest;
import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Records an executed action as a Kubernetes Event on the object it touched (reporting component
 * {@code flightdeck}, reason such as {@code FlightdeckDrain}), so teammates and the cluster's own
 * event pipeline see who did what. Best effort: an Event that cannot be written (no permission,
 * no answer) is reported back in words and never stops or undoes the action.
 */
public final class ClusterEvents {

    private ClusterEvents() {
    }

    /** What the Event is about: a Node (cluster-scoped, its Events go to {@code default} as kubectl's do) or a namespaced object. */
    public record Regarding(String apiVersion, String kind, String namespace, String name, String uid) {

        public static Regarding node(String name, String uid) {
            return new Regarding("v1", "Node", null, name, uid);
        }

        String eventNamespace() {
            return namespace == null ? "default" : namespace;
        }
    }

    /** @return null when written, else why not (one line) */
    public static String record(KubeRest rest, Regarding about, String reason, String action, String message,
                                boolean warning, String user, Instant at) {
        String ts = at.truncatedTo(ChronoUnit.SECONDS).toString();
        Map<String, Object> involved = new LinkedHashMap<>();
        involved.put("apiVersion", about.apiVersion());
        involved.put("kind", about.kind());
        involved.put("name", about.name());
        if (about.namespace() != null) {
            involved.put("namespace", about.namespace());
        }
        if (about.uid() != null) {
            involved.put("uid", about.uid());
        }
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("apiVersion", "v1");
        event.put("kind", "Event");
        event.put("metadata", Map.of("generateName", about.name() + ".flightdeck-", "namespace", about.eventNamespace()));
        event.put("involvedObject", involved);
        event.put("reason", reason);
        event.put("action", action);
        event.put("message", message + " (by " + user + ")");
        event.put("type", warning ? "Warning" : "Normal");
        event.put("source", Map.of("component", EventObject.FLIGHTDECK_REPORTER));
        event.put("reportingComponent", EventObject.FLIGHTDECK_REPORTER);
        event.put("reportingInstance", EventObject.FLIGHTDECK_REPORTER);
        event.put("firstTimestamp", ts);
        event.put("lastTimestamp", ts);
        event.put("count", 1);
        try {
            KubeRest.Answer a = rest.post(ApiResource.EVENTS_CORE.path().in(about.eventNamespace()), event);
            return a.ok() ? null : "the Event was not recorded: " + a.message();
        } catch (IOException e) {
            return "the Event was not recorded: " + e.getMessage();
        }
    }
}
