package dev.flightdeck.app.actions.resume;

import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.actions.Permission;
import dev.flightdeck.app.journal.JournalIdentity;

import java.util.List;
import java.util.function.Consumer;

/**
 * One resume as the operator lives it, the same from the console and from {@code flightdeck
 * resume}: the executor saves the workload and its pods to the journal before anything is deleted
 * and journals every step and the outcome; the outcome is then recorded as a FlightdeckResume
 * Event on the workload (the new one when it was created).
 */
public final class ResumeRun {

    public static final String EVENT_REASON = "FlightdeckResume";

    private ResumeRun() {
    }

    /** What RBAC must allow: delete and create the workload's kind, read its pods. */
    public static List<Permission> permissions(ResumableKind kind, String namespace) {
        var w = kind.workloadKind();
        return List.of(Permission.of("delete", w.group(), w.resource()).in(namespace),
                Permission.of("create", w.group(), w.resource()).in(namespace),
                Permission.of("get", "", "pods").in(namespace));
    }

    public static ResumeOutcome execute(ActionSession s, ResumePlan plan, Consumer<ResumeEvent> ui) {
        JournalIdentity who = new JournalIdentity(s.clusterUrl(), s.session().displayName(), s.user());
        ResumeOutcome o = new ResumeExecutor(s.rest(), s.clock(), ResumeOptions.DEFAULTS).execute(plan, s.journal(), who, ui);
        ClusterEvents.record(s.rest(), new ClusterEvents.Regarding(plan.kind().apiVersion(), plan.kind().kind(),
                plan.namespace(), plan.name(), o.newUid()), EVENT_REASON, "Resume", o.summary(), !o.resumed(), s.user(),
                s.clock().instant());
        return o;
    }
}
