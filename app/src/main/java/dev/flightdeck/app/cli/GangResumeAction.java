package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.ActionRequest;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.resume.ResumeOutcome;
import dev.flightdeck.app.actions.resume.ResumePlan;
import dev.flightdeck.app.actions.resume.ResumePlanReader;
import dev.flightdeck.app.actions.resume.ResumePlanText;
import dev.flightdeck.app.actions.resume.ResumeRefusal;
import dev.flightdeck.app.actions.resume.ResumeRun;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * {@code flightdeck resume NS/GANG}: the plan {@code plan resume} prints, then — confirmed by the
 * gang's name and allowed — {@link ResumeRun}: the workload and its pods saved to the journal,
 * deleted (Foreground, UID precondition), created again from the checkpoint, the new ranks
 * verified. There is no stop once the delete is sent (stopping halfway would leave no workload),
 * so Ctrl-C waits for the outcome.
 */
final class GangResumeAction implements ActCommand.Action {

    @Override
    public int run(ActionSession s, ActionRequest req, PrintStream out, PrintStream err, ActCommand.StopSignal stop)
            throws IOException, ResumeRefusal {
        ResumePlan plan = new ResumePlanReader(s.rest(), s.session().checkpoints()::read).read(req.target(),
                s.session().fleet().gangs(), req.step() < 0 ? OptionalLong.empty() : OptionalLong.of(req.step()), Instant.now());
        if (!ActCommand.confirmedAfter(ResumePlanText.lines(plan), req, out, err)) {
            return ActCommand.NOT_CONFIRMED;
        }
        if (ActCommand.refuses(s, ResumeRun.permissions(plan.kind(), plan.namespace()), err)) {
            return ActCommand.REFUSED;
        }
        ResumeOutcome o = ResumeRun.execute(s, plan, e -> err.println(e.line()));
        out.println(o.summary());
        return switch (o.result()) {
            case RESUMED -> CheckCommand.OK;
            case RESUMED_UNVERIFIED, DELETE_TIMED_OUT -> ActCommand.TIMED_OUT;
            case NOT_STARTED, RESTORED, RESTORE_FAILED, FAILED -> ActCommand.FAILED;
        };
    }
}
