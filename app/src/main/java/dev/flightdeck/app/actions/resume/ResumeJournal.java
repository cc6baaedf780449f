package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalIdentity;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The journal entries of one resume ({@code action=resume}, {@code target=gang/NS/NAME}): first the
 * saved original (the whole workload and every pod, as the API server returned them), then one
 * entry per step and the outcome. Only the first write is a precondition; later ones are reported
 * if they fail, since what matters (the original) is already on disk.
 */
final class ResumeJournal {

    static final String ACTION = "resume";
    /** The details key listing where secrets were left out of the saved copy. */
    static final String REDACTED = "redacted";

    private final Journal journal;
    private final JournalIdentity who;
    private final Clock clock;
    private final String target;
    private Path file;
    private Instant savedAt;

    ResumeJournal(Journal journal, JournalIdentity who, Clock clock, ResumePlan plan) {
        this.journal = journal;
        this.who = who;
        this.clock = clock;
        this.target = "gang/" + plan.ref();
    }

    /**
     * Writes the original durably (fsync), secrets left out ({@link SecretRedaction}: literal env values,
     * arguments and annotations that hold tokens or passwords; references to Secrets stay), and returns
     * the file holding it. Where each left-out value was is saved too, so a restore can say so.
     */
    Path saveOriginal(ResumePlan plan, JsonNode workload, List<JsonNode> pods) throws IOException {
        Instant at = clock.instant();
        List<String> redacted = new ArrayList<>();
        SecretRedaction.Result w = SecretRedaction.redact(workload);
        w.redacted().forEach(p -> redacted.add(plan.kind().kind() + " " + p));
        List<JsonNode> savedPods = new ArrayList<>();
        for (JsonNode pod : pods) {
            SecretRedaction.Result r = SecretRedaction.redact(pod);
            savedPods.add(r.object());
            r.redacted().forEach(p -> redacted.add("pod " + pod.path("metadata").path("name").asText() + " " + p));
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("kind", plan.kind().kind());
        details.put("workload", w.object());
        details.put("pods", savedPods);
        details.put("checkpoint", plan.checkpoint().uri());
        details.put("after", SecretRedaction.redact(plan.after()).object()); // the same values again: left out the same way
        if (!redacted.isEmpty()) {
            details.put(REDACTED, redacted);
        }
        journal.append(who.entry(at, ACTION, "step", target, "saved " + plan.describe() + " and its " + pods.size()
                + " pods before deleting them, to resume from " + plan.checkpoint().uri()
                + (redacted.isEmpty() ? "" : " (" + redacted.size() + " secret values left out)"), details, -1));
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

    void step(String message, Duration took, Consumer<ResumeEvent> events) {
        write("step", message, Map.of(), took, events);
    }

    void outcome(ResumeOutcome o, Consumer<ResumeEvent> events) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("result", o.result().name());
        if (o.newUid() != null) {
            details.put("uid", o.newUid());
        }
        write("outcome", o.summary(), details, o.took(), events);
    }

    private void write(String phase, String message, Map<String, Object> details, Duration took,
                       Consumer<ResumeEvent> events) {
        try {
            journal.append(who.entry(clock.instant(), ACTION, phase, target, message, details, took.toMillis()));
        } catch (IOException e) {
            events.accept(new ResumeEvent.JournalProblem(e.getMessage()));
        }
    }
}
