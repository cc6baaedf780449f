package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Field selectors on Events as kube-apiserver 1.32 answers them. Core v1 selects by
 * {@code involvedObject.*}, {@code reason}, {@code type}, {@code reportingComponent}, {@code source}
 * (the legacy source's component, else the reporting controller), {@code metadata.name} and
 * {@code metadata.namespace}; events.k8s.io/v1 by the same fields under its own names
 * ({@code regarding.*}, {@code reportingController}) and not by {@code source}. Each API refuses the
 * other's names with 400 "field label not supported". Events are stored in the core shape, so an
 * events.k8s.io name is translated to the core one it stands for before matching.
 */
final class EventFieldSelectors {

    /** events.k8s.io/v1's names for the core ones. */
    private static final Map<String, String> V1_TO_CORE = Map.ofEntries(
            Map.entry("regarding.kind", "involvedObject.kind"), Map.entry("regarding.namespace", "involvedObject.namespace"),
            Map.entry("regarding.name", "involvedObject.name"), Map.entry("regarding.uid", "involvedObject.uid"),
            Map.entry("regarding.apiVersion", "involvedObject.apiVersion"),
            Map.entry("regarding.resourceVersion", "involvedObject.resourceVersion"),
            Map.entry("regarding.fieldPath", "involvedObject.fieldPath"),
            Map.entry("reportingController", "reportingComponent"), Map.entry("reason", "reason"), Map.entry("type", "type"),
            Map.entry("metadata.name", "metadata.name"), Map.entry("metadata.namespace", "metadata.namespace"));

    private static final java.util.Set<String> CORE = java.util.Set.of("involvedObject.kind", "involvedObject.namespace",
            "involvedObject.name", "involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
            "involvedObject.fieldPath", "reason", "reportingComponent", "source", "type", "metadata.name",
            "metadata.namespace");

    private EventFieldSelectors() {
    }

    /** The selector for a request to {@code /api/v1/...events} ({@code v1Api} false) or {@code /apis/events.k8s.io/v1/...}. */
    static Predicate<StoredObject> of(String selector, boolean v1Api) {
        if (selector == null || selector.isBlank()) {
            return o -> true;
        }
        Predicate<StoredObject> all = o -> true;
        for (String term : selector.split(",")) {
            boolean negate = term.contains("!=");
            String[] kv = term.split(negate ? "!=" : "==?", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("invalid selector: '" + selector + "'; can't understand '" + term + "'");
            }
            String key = kv[0].trim();
            String value = kv[1].trim();
            String core = v1Api ? V1_TO_CORE.get(key) : CORE.contains(key) ? key : null;
            if (core == null) {
                throw new IllegalArgumentException("field label not supported: " + key);
            }
            Predicate<StoredObject> eq = o -> value.equals(field(o, core));
            all = all.and(negate ? eq.negate() : eq);
        }
        return all;
    }

    /** A core field's value of the stored Event ("" when it has none), as the server's selectable fields give it. */
    static String field(StoredObject o, String core) {
        switch (core) {
            case "metadata.name":
                return o.name();
            case "metadata.namespace":
                return o.namespace() == null ? "" : o.namespace();
            default:
                break;
        }
        JsonNode e;
        try {
            e = SandboxJson.MAPPER.readTree(o.json());
        } catch (IOException ex) {
            return "";
        }
        if (core.startsWith("involvedObject.")) {
            return e.path("involvedObject").path(core.substring("involvedObject.".length())).asText("");
        }
        if (core.equals("source")) {
            String component = e.path("source").path("component").asText("");
            return component.isEmpty() ? e.path("reportingComponent").asText("") : component;
        }
        return e.path(core).asText("");
    }
}
