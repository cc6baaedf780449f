package dev.flightdeck.views.journal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A journal entry's {@code details} for people: small facts as key/value lines, and whole
 * objects (a resume saves the workload and its pods before deleting them) named in one line and
 * given in full as indented JSON, which {@code kubectl apply -f} and {@code jq} accept as is.
 * Keys come sorted because the journal does not keep their order.
 */
final class DetailsText {

    private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();
    private static final ObjectMapper COMPACT = JSON.copy().disable(SerializationFeature.INDENT_OUTPUT);

    /** How many saved objects a summary names before it says "and N more". */
    private static final int NAMED = 3;

    private DetailsText() {
    }

    /**
     * One detail as a line in the key/value list.
     *
     * @param object true when the value is a whole object (or a list of them) that only the JSON shows in full
     */
    record Line(String key, String text, boolean object) {
    }

    static List<Line> lines(Map<String, Object> details) {
        List<Line> out = new ArrayList<>();
        new TreeMap<>(details).forEach((k, v) -> out.add(line(k, v)));
        return out;
    }

    private static Line line(String key, Object v) {
        if (v instanceof Map<?, ?> m) {
            return new Line(key, objectName(m), true);
        }
        if (v instanceof Collection<?> c && c.stream().anyMatch(x -> x instanceof Map<?, ?> || x instanceof Collection<?>)) {
            return new Line(key, objectsSummary(c), true);
        }
        if (v instanceof Collection<?> c) {
            return new Line(key, c.isEmpty() ? "none" : String.join("\n", c.stream().map(String::valueOf).toList()), false);
        }
        return new Line(key, v == null ? "—" : String.valueOf(v), false);
    }

    /** {@code Job training/rlhf-actor}, or for a map that is no Kubernetes object, how many fields it has. */
    static String objectName(Map<?, ?> m) {
        Object kind = m.get("kind");
        if (kind != null && m.get("metadata") instanceof Map<?, ?> meta && meta.get("name") != null) {
            Object ns = meta.get("namespace");
            return kind + " " + (ns == null ? "" : ns + "/") + meta.get("name");
        }
        return m.size() == 1 ? "1 field" : m.size() + " fields";
    }

    private static String objectsSummary(Collection<?> c) {
        List<String> names = c.stream().limit(NAMED)
                .map(x -> x instanceof Map<?, ?> m ? objectName(m) : String.valueOf(x)).toList();
        String more = c.size() > NAMED ? ", and " + (c.size() - NAMED) + " more" : "";
        return c.size() + (c.size() == 1 ? " object: " : " objects: ") + String.join(", ", names) + more;
    }

    /** The whole details as indented JSON, keys sorted; "{}" when there are none. */
    static String prettyJson(Object details) {
        return write(JSON, details);
    }

    /** On one line, for the search to look in. */
    static String compactJson(Object details) {
        return write(COMPACT, details);
    }

    private static String write(ObjectMapper mapper, Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            // Read back from JSON, details are plain maps and lists, so this should not happen;
            // if something odd got in, its text still beats an empty pane.
            return String.valueOf(value);
        }
    }
}
