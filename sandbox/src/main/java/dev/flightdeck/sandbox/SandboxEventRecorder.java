package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes Events into the sandbox's store the way the cluster's own reporters do, so the console reads
 * them as it would a cluster's: the scheduler through events.k8s.io/v1 (eventTime, reportingController,
 * a series once it repeats), the controllers and the kubelet through the legacy core recorder (source,
 * first and last timestamps, a count). Stored in the server's core shape ({@link EventShapes#stored}).
 */
public final class SandboxEventRecorder {

    private final ObjectStore store;
    private final AtomicLong seq = new AtomicLong(System.nanoTime());

    public SandboxEventRecorder(ObjectStore store) {
        this.store = store;
    }

    /** What an Event is about. */
    public record About(String apiVersion, String kind, String namespace, String name) {
        public static About pod(String ns, String name) {
            return new About("v1", "Pod", ns, name);
        }

        public static About node(String name) {
            return new About("v1", "Node", null, name);
        }

        /** The Event's own namespace: its object's, or default for a cluster-scoped one (as kubelets write them). */
        String eventNamespace() {
            return namespace == null ? "default" : namespace;
        }
    }

    /**
     * The scheduler's Event (events.k8s.io/v1): one occurrence at {@code first}, or {@code count} of them
     * ending at {@code last} (a series).
     */
    public ObjectNode scheduler(About about, String reason, boolean warning, String note, Instant first, int count,
                                Instant last) throws StoreException {
        ObjectNode e = base(about, reason, warning, note);
        e.put("eventTime", micro(first));
        e.put("reportingComponent", "default-scheduler").put("reportingInstance", "default-scheduler-sandbox");
        e.put("action", reason.equals("Scheduled") ? "Binding" : "Scheduling");
        if (count > 1) {
            e.putObject("series").put("count", count).put("lastObservedTime", micro(last));
        }
        return store.create("events", EventShapes.stored(e));
    }

    /** A controller's or the kubelet's Event through the legacy core recorder. */
    public ObjectNode legacy(About about, String component, String reason, boolean warning, String message, Instant first,
                             int count, Instant last) throws StoreException {
        ObjectNode e = base(about, reason, warning, message);
        e.putObject("source").put("component", component);
        e.put("reportingComponent", component).put("reportingInstance", component);
        e.put("firstTimestamp", first.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
        e.put("lastTimestamp", last.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
        e.put("count", count);
        return store.create("events", EventShapes.stored(e));
    }

    /** A legacy Event seen again: its count and last timestamp, as the core recorder patches them. */
    public ObjectNode repeated(ObjectNode event, Instant at) throws StoreException {
        ObjectNode next = event.deepCopy();
        next.put("count", event.path("count").asInt(1) + 1);
        next.put("lastTimestamp", at.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
        ObjectNode meta = (ObjectNode) next.path("metadata");
        return store.replace("events", meta.path("namespace").asText(), meta.path("name").asText(), next);
    }

    private ObjectNode base(About about, String reason, boolean warning, String note) {
        ObjectNode e = SandboxJson.MAPPER.createObjectNode();
        // Named as the recorders name them: the object's name and a unique hexadecimal suffix.
        e.putObject("metadata").put("name", about.name() + "." + Long.toHexString(seq.incrementAndGet()))
                .put("namespace", about.eventNamespace());
        ObjectNode involved = e.putObject("involvedObject").put("apiVersion", about.apiVersion()).put("kind", about.kind())
                .put("name", about.name());
        if (about.namespace() != null) {
            involved.put("namespace", about.namespace());
        }
        e.put("reason", reason).put("message", note).put("type", warning ? "Warning" : "Normal");
        return e;
    }

    private static String micro(Instant t) {
        return t.truncatedTo(java.time.temporal.ChronoUnit.MICROS).toString();
    }
}
