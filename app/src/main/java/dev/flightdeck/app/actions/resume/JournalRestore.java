package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.PartialObjectMetadata;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.secrets.Redaction;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Brings back a workload a resume saved to the journal before deleting it, when the new one was
 * never created (the API server went away between the delete and the create, or both the create
 * and the automatic restore failed). Two steps like every action: the plan says what would be
 * created and refuses when that would be wrong (an object of that name exists, the entry is from
 * another cluster, the entry saved nothing); {@link RestoreOperation} creates the saved workload,
 * stripped of what the server wrote.
 */
public final class JournalRestore {

    /** What a restore would do, or why it will not. */
    public record Plan(JournalEntry entry, ResumableKind kind, String namespace, String name, ObjectNode workload,
                       String refusal, List<String> redacted) {
        public Plan {
            redacted = redacted == null ? List.of() : List.copyOf(redacted);
        }

        Plan(JournalEntry entry, ResumableKind kind, String namespace, String name, ObjectNode workload, String refusal) {
            this(entry, kind, namespace, name, workload, refusal, List.of());
        }

        public boolean refused() {
            return refusal != null;
        }

        /** Whether the saved workload lacks secret values (created with placeholders only when the user agrees). */
        public boolean hasRedactedValues() {
            return !redacted.isEmpty();
        }

        public String describe() {
            return kind == null ? "the saved workload" : kind.kind() + " " + namespace + "/" + name;
        }
    }

    private JournalRestore() {
    }

    /** The entry a person names by its time as the journal shows it ({@code 2026-11-24T22:41:03.123Z}). */
    public static Optional<JournalEntry> find(Journal journal, Instant at) throws IOException {
        return journal.read(at, at.plusNanos(1), e -> true).entries().stream().findFirst();
    }

    /** Plans the restore of {@code entry} on the cluster at {@code clusterUrl}, asking the server what exists. */
    public static Plan plan(JournalEntry entry, String clusterUrl, KubeRest rest) throws IOException {
        JsonNode workload = KubeJson.MAPPER.valueToTree(entry.details().get("workload"));
        if (!"resume".equals(entry.action()) || workload == null || !workload.isObject()) {
            return new Plan(entry, null, null, null, null, "the entry at " + entry.at() + " saved no workload ("
                    + entry.action() + " " + entry.phase() + ": " + entry.message() + ")");
        }
        PartialObjectMetadata saved;
        try {
            saved = PartialObjectMetadata.of(workload);
        } catch (IllegalArgumentException e) {
            return new Plan(entry, null, null, null, null, "the saved workload cannot be read: " + e.getMessage());
        }
        Optional<ResumableKind> kind = ResumableKind.of(saved.apiVersion(), saved.kind());
        String ns = Objects.toString(saved.metadata().namespace(), "");
        String name = Objects.toString(saved.metadata().name(), "");
        if (kind.isEmpty()) {
            return new Plan(entry, null, ns, name, null, "the saved " + saved.kind() + " is not a kind "
                    + "Flightdeck resumes, so it will not create it either");
        }
        ObjectNode stripped = ServerFields.strip(workload, kind.get());
        if (!trim(entry.cluster()).equals(trim(clusterUrl))) {
            return new Plan(entry, kind.get(), ns, name, stripped, "the entry was written for cluster " + entry.cluster()
                    + " (context " + entry.context() + "), not " + clusterUrl + ": restore it there");
        }
        KubeRest.Answer now = rest.get(kind.get().objectPath(ns, name));
        if (now.ok()) {
            return new Plan(entry, kind.get(), ns, name, stripped, kind.get().kind() + " " + ns + "/" + name
                    + " exists (uid " + now.as(PartialObjectMetadata.class).uid() + "): restoring would replace it");
        }
        if (now.code() != 404) {
            throw new IOException("cannot read " + kind.get().kind() + " " + ns + "/" + name + ": " + now.message());
        }
        return new Plan(entry, kind.get(), ns, name, stripped, null, workloadRedactions(entry, kind.get()));
    }

    /** Where secrets were left out of the saved workload (the saved pods are not restored, so theirs do not count). */
    private static List<String> workloadRedactions(JournalEntry entry, ResumableKind kind) {
        Object listed = entry.details().get(ResumeJournal.REDACTED);
        if (!(listed instanceof List<?> all)) {
            return List.of();
        }
        String prefix = kind.kind() + " ";
        return all.stream().map(String::valueOf).filter(p -> p.startsWith(prefix))
                .map(p -> p.substring(prefix.length())).toList();
    }

    /** The plan in lines: what would be created, from which entry, or why not. */
    public static List<String> lines(Plan p) {
        if (p.refused()) {
            return List.of("restore from the journal entry at " + p.entry().at() + ": refused: " + p.refusal());
        }
        List<String> lines = new java.util.ArrayList<>(List.of(
                "restore " + p.describe() + " as the resume at " + p.entry().at() + " saved it before deleting it",
                "  from    " + p.entry().context() + " (" + p.entry().cluster() + "), by " + p.entry().user(),
                "  create  " + p.describe() + " with its spec as saved (what the server wrote is left out: uid, status, "
                        + "resourceVersion)",
                "  check   " + p.describe() + " does not exist now"));
        if (p.hasRedactedValues()) {
            lines.add("  secrets " + p.redacted().size() + " values were not journaled (secrets never are) and would be created as \""
                    + Redaction.PLACEHOLDER + "\":");
            p.redacted().forEach(r -> lines.add("            " + r));
            lines.add("          restore with --accept-redacted and set them afterwards, or create the workload again from its source");
        }
        return lines;
    }

    private static String trim(String url) {
        return url == null ? "" : url.replaceAll("/+$", "");
    }
}
