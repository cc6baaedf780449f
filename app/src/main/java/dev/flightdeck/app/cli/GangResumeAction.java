package dev.flightdeck.app.cli;

import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.resume.ResumeEvent;
import dev.flightdeck.app.actions.resume.ResumeOperation;
import dev.flightdeck.app.actions.resume.ResumeOutcome;
import dev.flightdeck.app.actions.resume.ResumePlan;
import dev.flightdeck.app.launch.ActionRequest;

import java.util.OptionalLong;

/**
 * {@code flightdeck resume NS/GANG}: the plan {@code plan resume} prints, then — confirmed by the
 * gang's name and allowed — {@link ResumeOperation}: the workload and its pods saved to the journal,
 * deleted (Foreground, UID precondition), created again from the checkpoint, the new ranks
 * verified. There is no stop once the delete is sent (stopping halfway would leave no workload),
 * so Ctrl-C waits for the outcome.
 */
final class GangResumeAction implements ActCommand.Action<ResumePlan, ResumeEvent, ResumeOutcome> {

    @Override
    public ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> run(ActionSession s, ActionRequest req) {
        return ResumeOperation.run(s, req.target(), req.step() < 0 ? OptionalLong.empty() : OptionalLong.of(req.step()));
    }

    @Override
    public int exitCode(ResumeOutcome o) {
        return switch (o.result()) {
            case RESUMED -> CheckCommand.OK;
            case RESUMED_UNVERIFIED, DELETE_TIMED_OUT -> ActCommand.TIMED_OUT;
            case NOT_STARTED, RESTORED, RESTORE_FAILED, FAILED -> ActCommand.FAILED;
        };
    }
}
