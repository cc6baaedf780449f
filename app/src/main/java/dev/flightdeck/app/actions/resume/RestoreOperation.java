package dev.flightdeck.app.actions.resume;

import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.PartialObjectMetadata;
import dev.flightdeck.app.actions.OneRequestOperation;
import dev.flightdeck.app.actions.Permission;
import dev.flightdeck.app.journal.JournalEntry;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Creates again the workload a resume saved in the journal ({@link JournalRestore} plans it and
 * refuses when that would be wrong). One create, nothing to stop; recorded as a FlightdeckRestore
 * Event on the workload.
 */
public final class RestoreOperation implements OneRequestOperation<JournalRestore.Plan, RestoreOperation.Outcome> {

    public static final String EVENT_REASON = "FlightdeckRestore";

    /** How the create went: the new UID, or why it failed. */
    public record Outcome(boolean restored, String uid, String summary) {
    }

    private final ActionSession s;
    private final JournalEntry entry;

    public RestoreOperation(ActionSession s, JournalEntry entry) {
        this.s = s;
        this.entry = entry;
    }

    public static ActionRun<JournalRestore.Plan, String, Outcome> run(ActionSession s, JournalEntry entry) {
        return new ActionRun<>(s, new RestoreOperation(s, entry));
    }

    @Override
    public String action() {
        return "restore";
    }

    /** The gang the entry saved, as the resume that saved it named it. */
    @Override
    public String target() {
        return entry.target();
    }

    @Override
    public JournalRestore.Plan read() throws IOException {
        return JournalRestore.plan(entry, s.clusterUrl(), s.rest());
    }

    @Override
    public List<String> lines(JournalRestore.Plan plan) {
        return JournalRestore.lines(plan);
    }

    @Override
    public List<Permission> permissions(JournalRestore.Plan plan) {
        return plan.refused() ? List.of() : List.of(Permission.of("create", plan.kind().workloadKind().group(),
                plan.kind().workloadKind().resource()).in(plan.namespace()));
    }

    @Override
    public String refusal(JournalRestore.Plan plan) {
        return plan.refusal();
    }

    @Override
    public Confirmation confirmation(JournalRestore.Plan p, String reason) {
        return new Confirmation("confirmed: restore " + p.describe() + " from the journal entry at " + p.entry().at()
                + (p.hasRedactedValues() ? ", with placeholders for " + p.redacted().size() + " secret values" : ""),
                Map.of("entry", p.entry().at().toString(), "redacted", p.redacted()));
    }

    @Override
    public Outcome execute(JournalRestore.Plan p, String reason, ActionJournal journal, Consumer<String> events)
            throws IOException {
        KubeRest.Answer made = s.rest().post(p.kind().collectionPath(p.namespace()), p.workload());
        if (!made.ok()) {
            return new Outcome(false, null, "could not restore " + p.describe() + ": " + made.message());
        }
        String uid = made.as(PartialObjectMetadata.class).uid();
        return new Outcome(true, uid, "restored " + p.describe() + " (uid " + uid + ") from the journal entry at "
                + p.entry().at());
    }

    @Override
    public Ending ending(JournalRestore.Plan p, Outcome o) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("result", o.restored() ? "RESTORED" : "FAILED");
        if (o.uid() != null) {
            details.put("uid", o.uid());
        }
        return new Ending(o.summary(), o.restored(), details, new ClusterEvents.Regarding(p.kind().apiVersion(),
                p.kind().kind(), p.namespace(), p.name(), o.uid()), EVENT_REASON, "Restore");
    }
}
