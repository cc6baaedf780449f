package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.UUID;

/**
 * What the Job API's defaulting does on create, which a resume must undo and not copy: unless
 * {@code spec.manualSelector} is true, the server picks the Job's UID, sets {@code spec.selector}
 * to {@code batch.kubernetes.io/controller-uid=UID}, and labels the pod template with the
 * controller-uid and job-name labels (both spellings); a Job without labels gets the template's.
 */
final class SandboxJobDefaults {

    private SandboxJobDefaults() {
    }

    static ObjectNode create(ObjectStore store, ObjectNode job) throws StoreException {
        apply(job);
        return store.create("batch/jobs", job);
    }

    static void apply(ObjectNode job) {
        ObjectNode meta = job.with("metadata");
        String name = meta.path("name").asText();
        String uid = meta.hasNonNull("uid") ? meta.get("uid").asText() : UUID.randomUUID().toString();
        meta.put("uid", uid);
        ObjectNode spec = job.with("spec");
        if (spec.path("manualSelector").asBoolean(false)) {
            return;
        }
        spec.putObject("selector").putObject("matchLabels").put("batch.kubernetes.io/controller-uid", uid);
        ObjectNode labels = spec.with("template").with("metadata").with("labels");
        labels.put("batch.kubernetes.io/controller-uid", uid).put("batch.kubernetes.io/job-name", name)
                .put("controller-uid", uid).put("job-name", name);
        if (!meta.has("labels") || meta.path("labels").isEmpty()) {
            meta.set("labels", labels.deepCopy());
        }
    }
}
