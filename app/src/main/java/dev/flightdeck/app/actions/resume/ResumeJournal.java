package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.ObjectMeta;
import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.secrets.SecretObjects;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The entry only a resume writes itself, inside its run's journal ({@code action=resume},
 * {@code target=gang/NS/NAME}): the saved original — the whole workload and every pod, as the API
 * server returned them, secrets left out — written before anything is deleted. It is the run's one
 * precondition: if it cannot be written, nothing is deleted. Steps and the outcome are the run's.
 */
final class ResumeJournal {

    static final String ACTION = "resume";
    /** The details key listing where secrets were left out of the saved copy. */
    static final String REDACTED = "redacted";

    private final ActionJournal journal;
    private Path file;
    private Instant savedAt;

    ResumeJournal(ActionJournal journal) {
        this.journal = journal;
    }
    /**
     * Writes the original durably (fsync), secrets left out ({@link SecretObjects}: literal env values,
     * arguments and annotations that hold tokens or passwords; references to Secrets stay), and returns
     * the file holding it. Where each left-out value was is saved too, so a restore can say so.
     */
    Path saveOriginal(ResumePlan plan, JsonNode workload, List<JsonNode> pods) throws IOException {
        List<String> redacted = new ArrayList<>();
        SecretObjects.Result w = SecretObjects.redact(workload);
        w.redacted().forEach(p -> redacted.add(plan.kind().kind() + " " + p));
        List<JsonNode> savedPods = new ArrayList<>();
        for (JsonNode pod : pods) {
            SecretObjects.Result r = SecretObjects.redact(pod);
            savedPods.add(r.object());
            String name = java.util.Objects.toString(ObjectMeta.of(pod).name(), "");
            r.redacted().forEach(p -> redacted.add("pod " + name + " " + p));
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("kind", plan.kind().kind());
        details.put("workload", w.object());
        details.put("pods", savedPods);
        details.put("checkpoint", plan.checkpoint().uri());
        details.put("after", SecretObjects.redact(plan.after()).object()); // the same values again: left out the same way
        if (!redacted.isEmpty()) {
            details.put(REDACTED, redacted);
        }
        Instant at = journal.write("step", "saved " + plan.describe() + " and its " + pods.size()
                + " pods before deleting them, to resume from " + plan.checkpoint().uri()
                + (redacted.isEmpty() ? "" : " (" + redacted.size() + " secret values left out)"), details);
        file = journal.fileFor(at);
        savedAt = at;
        return file;
    }

    Path directory() {
        return journal.directory();
    }

    Path file() {
        return file;
    }

    /** When the original was saved (the entry's time, which {@code flightdeck journal restore} takes), or null. */
    Instant savedAt() {
        return savedAt;
    }

}
