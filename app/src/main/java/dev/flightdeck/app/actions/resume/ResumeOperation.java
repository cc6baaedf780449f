package dev.flightdeck.app.actions.resume;

import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.actions.SteppedOperation;
import dev.flightdeck.app.actions.Permission;
import dev.flightdeck.app.gangs.Gang;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Resume a halted gang from a checkpoint: the workload and its pods saved to the journal, deleted
 * (Foreground, UID precondition), created again from the checkpoint, the new ranks verified
 * ({@link ResumeExecutor}). It cannot be stopped: once the delete is sent, stopping halfway would
 * leave no workload. Recorded as a FlightdeckResume Event on the workload (the new one when made).
 */
public final class ResumeOperation implements SteppedOperation<ResumePlan, ResumeEvent, ResumeOutcome> {

    public static final String EVENT_REASON = "FlightdeckResume";

    /** How the plan is read: from a gang the console shows, or from a NS/NAME typed on the command line. */
    @FunctionalInterface
    public interface PlanSource {
        ResumePlan read() throws IOException, ResumeRefusal;
    }

    private final ActionSession s;
    private final String ref;
    private final PlanSource source;
    private final ResumeOptions options;

    /** @param options how long to wait for the delete and the new ranks, and how often to look */
    public ResumeOperation(ActionSession s, String ref, PlanSource source, ResumeOptions options) {
        this.s = s;
        this.ref = ref;
        this.source = source;
        this.options = options;
    }

    /** A resume of {@code gang} from the checkpoint of {@code step}, or its newest complete one. */
    public static ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> run(ActionSession s, Gang gang, OptionalLong step) {
        return new ActionRun<>(s, new ResumeOperation(s, gang.key().namespace() + "/" + gang.key().name(),
                () -> reader(s).read(gang, step, s.clock().instant()), ResumeOptions.DEFAULTS));
    }

    /** A resume of the gang named {@code ref} (NS/NAME) among the session's gangs. */
    public static ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> run(ActionSession s, String ref, OptionalLong step) {
        return new ActionRun<>(s, new ResumeOperation(s, ref,
                () -> reader(s).read(ref, s.session().model().gangs(), step, s.clock().instant()), ResumeOptions.DEFAULTS));
    }

    private static ResumePlanReader reader(ActionSession s) {
        return new ResumePlanReader(s.rest(), s.session().checkpoints()::read);
    }

    /** What RBAC must allow: delete and create the workload's kind, read its pods. */
    public static List<Permission> permissions(ResumableKind kind, String namespace) {
        var w = kind.workloadKind();
        return List.of(Permission.of("delete", w.group(), w.resource()).in(namespace),
                Permission.of("create", w.group(), w.resource()).in(namespace),
                Permission.of("get", "", "pods").in(namespace));
    }

    @Override
    public String action() {
        return ResumeJournal.ACTION;
    }

    @Override
    public String target() {
        return "gang/" + ref;
    }

    @Override
    public ResumePlan read() throws IOException, ResumeRefusal {
        return source.read();
    }

    @Override
    public List<String> lines(ResumePlan plan) {
        return ResumePlanText.lines(plan);
    }

    @Override
    public List<Permission> permissions(ResumePlan plan) {
        return permissions(plan.kind(), plan.namespace());
    }

    /** A plan that could be read may go ahead: what refuses a resume refuses it while reading. */
    @Override
    public String refusal(ResumePlan plan) {
        return null;
    }

    @Override
    public Confirmation confirmation(ResumePlan plan, String reason) {
        return new Confirmation("confirmed: resume " + plan.ref() + " from " + plan.checkpoint().uri()
                + (reason.isBlank() ? "" : " — " + reason), Map.of("checkpoint", plan.checkpoint().uri(),
                "step", plan.checkpoint().step(), "reason", reason));
    }

    @Override
    public ResumeOutcome execute(ResumePlan plan, String reason, ActionJournal journal, Consumer<ResumeEvent> events) {
        return new ResumeExecutor(s.rest(), s.clock(), options).execute(plan, journal, events);
    }

    @Override
    public boolean cancel() {
        return false;
    }

    /** The saved original is the executor's own entry; the ranks' count changes are progress, said in the outcome. */
    @Override
    public String stepLine(ResumeEvent event) {
        return event instanceof ResumeEvent.Saved || event instanceof ResumeEvent.Ranks ? null : event.line();
    }

    @Override
    public Ending ending(ResumePlan plan, ResumeOutcome o) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("result", o.result().name());
        if (o.newUid() != null) {
            details.put("uid", o.newUid());
        }
        return new Ending(o.summary(), o.resumed(), details, new ClusterEvents.Regarding(plan.kind().apiVersion(),
                plan.kind().kind(), plan.namespace(), plan.name(), o.newUid()), EVENT_REASON, "Resume");
    }
}
