package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * A workload as it can be created again: what the API server and the controllers wrote into it
 * is taken out, the person's own spec is kept as it was. Without this, a re-create fails (a stale
 * {@code resourceVersion} or {@code uid} is refused) or goes wrong quietly (a Job's generated
 * selector names the old object's UID, so the new Job would be refused for a selector that does
 * not match its own controller-uid).
 */
public final class ServerFields {

    /** Written by the API server on every object; never part of what a person asks for. */
    private static final List<String> SERVER_METADATA = List.of("uid", "resourceVersion", "creationTimestamp",
            "generation", "managedFields", "selfLink", "deletionTimestamp", "deletionGracePeriodSeconds");

    /** Labels the Job API's defaulting generates from the Job's UID (the new Job gets its own). */
    private static final List<String> JOB_UID_LABELS = List.of("controller-uid", "batch.kubernetes.io/controller-uid");

    /** Finalizers that belong to a deletion in progress, not to the workload. */
    private static final List<String> DELETION_FINALIZERS = List.of("foregroundDeletion", "orphan");

    private ServerFields() {
    }

    /** A stripped deep copy of {@code workload}; the argument is not changed. */
    public static ObjectNode strip(JsonNode workload, ResumableKind kind) {
        ObjectNode o = workload.deepCopy();
        o.remove("status");
        ObjectNode meta = o.with("metadata");
        meta.remove(SERVER_METADATA);
        dropFinalizers(meta);
        for (ObjectNode template : kind.podTemplates(o)) {
            if (template.path("metadata") instanceof ObjectNode tm) {
                tm.remove("creationTimestamp"); // serialized as null by older servers; noise in a diff
                if (tm.isEmpty()) {
                    template.remove("metadata");
                }
            }
        }
        if (kind == ResumableKind.INDEXED_JOB && !o.path("spec").path("manualSelector").asBoolean(false)) {
            // With a generated selector, the API server makes selector and labels anew from the new UID.
            ObjectNode spec = o.with("spec");
            spec.remove("selector");
            removeLabels(meta, JOB_UID_LABELS);
            if (spec.path("template").path("metadata") instanceof ObjectNode tm) {
                removeLabels(tm, JOB_UID_LABELS);
            }
        }
        return o;
    }

    private static void removeLabels(ObjectNode meta, List<String> keys) {
        if (meta.path("labels") instanceof ObjectNode labels) {
            labels.remove(keys);
            if (labels.isEmpty()) {
                meta.remove("labels");
            }
        }
    }

    private static void dropFinalizers(ObjectNode meta) {
        if (meta.path("finalizers") instanceof ArrayNode f) {
            for (int i = f.size() - 1; i >= 0; i--) {
                if (DELETION_FINALIZERS.contains(f.get(i).asText())) {
                    f.remove(i);
                }
            }
            if (f.isEmpty()) {
                meta.remove("finalizers");
            }
        }
    }
}
