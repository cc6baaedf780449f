package dev.flightdeck.app.cli;

import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.preflight.PreflightEvent;
import dev.flightdeck.app.actions.preflight.PreflightOperation;
import dev.flightdeck.app.actions.preflight.PreflightOutcome;
import dev.flightdeck.app.actions.preflight.PreflightPlan;
import dev.flightdeck.app.actions.preflight.PreflightSettings;
import dev.flightdeck.app.launch.ActionRequest;

import java.util.List;

/**
 * {@code flightdeck preflight NODE}: the plan {@code plan preflight} prints, then — confirmed and
 * allowed — {@link PreflightOperation}: gate the node, run the validation Job, lift the gate on a
 * pass or keep it failed with the log's tail. Ctrl-C deletes the Job and leaves the node gated pending.
 */
final class NodePreflightAction implements ActCommand.Action<PreflightPlan, PreflightEvent, PreflightOutcome> {

    @Override
    public ActionRun<PreflightPlan, PreflightEvent, PreflightOutcome> run(ActionSession s, ActionRequest req) {
        return PreflightOperation.run(s, req.target(), PreflightSettings.DEFAULTS.withCheck(req.validationCheck()));
    }

    @Override
    public List<String> more(PreflightOutcome o) {
        return o.detail() == null || o.detail().isBlank() ? List.of() : o.detail().lines().toList();
    }

    @Override
    public int exitCode(PreflightOutcome o) {
        return switch (o.result()) {
            case PASSED -> CheckCommand.OK;
            case REFUSED -> ActCommand.REFUSED;
            case TIMED_OUT -> ActCommand.TIMED_OUT;
            case CANCELLED -> ActCommand.STOPPED;
            case FAILED, UNSCHEDULABLE, NODE_GONE, ERROR -> ActCommand.FAILED;
        };
    }
}
