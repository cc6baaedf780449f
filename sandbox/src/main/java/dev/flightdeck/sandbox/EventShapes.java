package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Events in the shapes kube-apiserver gives them. events.k8s.io/v1 is not a second store but the same
 * Events in other words.
 * The server keeps one object per Event and renames its fields per API version; so does the sandbox,
 * which stores the core shape: {@code involvedObject} is {@code regarding}, {@code message} is
 * {@code note}, {@code source}/{@code firstTimestamp}/{@code lastTimestamp}/{@code count} are the
 * {@code deprecated*} fields, {@code reportingComponent} is {@code reportingController}. An Event
 * created through either API reads through both, with one resourceVersion.
 */
final class EventShapes {

    /** Fields core v1 always writes, even unset (no omitempty in its Go types): null times, an empty source, "" reporters. */
    private static final String[] CORE_NULLS = {"eventTime", "firstTimestamp", "lastTimestamp"};
    /** Fields events.k8s.io/v1 leaves out when empty (omitempty). */
    private static final String[] V1_OMITTED_WHEN_EMPTY = {"reportingController", "reportingInstance", "action", "reason",
            "note", "type"};

    static final String TABLE = "events.k8s.io/events";
    static final String GROUP_VERSION = "events.k8s.io/v1";

    /** core name → events.k8s.io/v1 name. */
    private static final Map<String, String> RENAMED = Map.of("involvedObject", "regarding", "message", "note",
            "source", "deprecatedSource", "firstTimestamp", "deprecatedFirstTimestamp",
            "lastTimestamp", "deprecatedLastTimestamp", "count", "deprecatedCount",
            "reportingComponent", "reportingController");

    private EventShapes() {
    }

    /** A core Event as the server stores and shows it: the fields it always writes are there, empty ones it omits are not. */
    static ObjectNode stored(ObjectNode core) {
        for (String f : CORE_NULLS) {
            if (!core.has(f)) {
                core.putNull(f);
            }
        }
        if (!core.has("source")) {
            core.putObject("source");
        }
        for (String f : new String[] {"reportingComponent", "reportingInstance"}) {
            if (!core.hasNonNull(f)) {
                core.put(f, "");
            }
        }
        for (String f : new String[] {"message", "reason", "type", "action"}) {
            if (core.path(f).asText("").isEmpty()) {
                core.remove(f);
            }
        }
        if (core.path("count").asInt(0) == 0) {
            core.remove("count");
        }
        return core;
    }

    /** A stored (core) Event as events.k8s.io/v1 shows it. */
    static byte[] toV1(byte[] coreJson) {
        try {
            ObjectNode core = (ObjectNode) SandboxJson.MAPPER.readTree(coreJson);
            ObjectNode v1 = SandboxJson.MAPPER.createObjectNode();
            v1.put("kind", "Event").put("apiVersion", GROUP_VERSION);
            core.properties().forEach(e -> {
                if (!e.getKey().equals("kind") && !e.getKey().equals("apiVersion")) {
                    v1.set(RENAMED.getOrDefault(e.getKey(), e.getKey()), e.getValue());
                }
            });
            for (String f : V1_OMITTED_WHEN_EMPTY) {
                if (v1.path(f).isTextual() && v1.path(f).asText().isEmpty()) {
                    v1.remove(f);
                }
            }
            // As the real server writes them: these always, null or empty when unset.
            if (!v1.has("deprecatedSource")) {
                v1.putObject("deprecatedSource");
            }
            for (String f : new String[] {"eventTime", "deprecatedFirstTimestamp", "deprecatedLastTimestamp"}) {
                if (!v1.has(f)) {
                    v1.putNull(f);
                }
            }
            return SandboxJson.MAPPER.writeValueAsBytes(v1);
        } catch (IOException | ClassCastException e) {
            return coreJson; // the store only holds what it parsed: cannot happen
        }
    }

    /** An events.k8s.io/v1 Event a client sends, in the core shape the store keeps. */
    static ObjectNode toCore(JsonNode v1) {
        ObjectNode core = SandboxJson.MAPPER.createObjectNode();
        core.put("kind", "Event").put("apiVersion", "v1");
        Map<String, String> back = new java.util.HashMap<>();
        RENAMED.forEach((c, v) -> back.put(v, c));
        v1.properties().forEach(e -> {
            if (!e.getKey().equals("kind") && !e.getKey().equals("apiVersion")) {
                core.set(back.getOrDefault(e.getKey(), e.getKey()), e.getValue());
            }
        });
        return core;
    }

    /** A watch line of the core table, as a watcher of events.k8s.io/v1 gets it. */
    static byte[] watchLine(byte[] line) {
        try {
            JsonNode event = SandboxJson.MAPPER.readTree(line);
            String type = event.path("type").asText();
            JsonNode object = event.path("object");
            byte[] converted;
            if (type.equals("BOOKMARK")) {
                ObjectNode b = ((ObjectNode) object).deepCopy();
                b.put("apiVersion", GROUP_VERSION);
                converted = SandboxJson.MAPPER.writeValueAsBytes(b);
            } else if (type.equals("ERROR")) {
                return line;
            } else {
                converted = toV1(SandboxJson.MAPPER.writeValueAsBytes(object));
            }
            return ResourceTable.eventLine(type, converted);
        } catch (IOException | ClassCastException e) {
            return line;
        }
    }

    /** A watch sink that turns the core table's lines into events.k8s.io/v1 ones before sending. */
    static WatchSink converting(WatchSink sink) {
        return new WatchSink() {
            @Override
            public Predicate<StoredObject> filter() {
                return sink.filter();
            }

            @Override
            public void send(byte[] eventLine) {
                sink.send(watchLine(eventLine));
            }

            @Override
            public boolean isClosed() {
                return sink.isClosed();
            }

            @Override
            public void close() {
                sink.close();
            }
        };
    }
}
