package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.ActionRequest;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.preflight.PreflightOutcome;
import dev.flightdeck.app.actions.preflight.PreflightPlan;
import dev.flightdeck.app.actions.preflight.PreflightPlanReader;
import dev.flightdeck.app.actions.preflight.PreflightPlanText;
import dev.flightdeck.app.actions.preflight.PreflightRun;
import dev.flightdeck.app.actions.preflight.PreflightSettings;

import java.io.IOException;
import java.io.PrintStream;

/**
 * {@code flightdeck preflight NODE}: the plan {@code plan preflight} prints, then — confirmed and
 * allowed — {@link PreflightRun}: gate the node, run the validation Job, lift the gate on a pass or
 * keep it failed with the log's tail. Ctrl-C deletes the Job and leaves the node gated pending.
 */
final class NodePreflightAction implements ActCommand.Action {

    @Override
    public int run(ActionSession s, ActionRequest req, PrintStream out, PrintStream err, ActCommand.StopSignal stop)
            throws IOException {
        String node = req.target();
        PreflightSettings settings = PreflightSettings.DEFAULTS.withCheck(req.validationCheck());
        PreflightPlan shown = new PreflightPlanReader(s.rest()).read(node, settings);
        if (!ActCommand.confirmedAfter(PreflightPlanText.lines(shown), req, out, err)) {
            return ActCommand.NOT_CONFIRMED;
        }
        if (ActCommand.refuses(s, ActionSession.PREFLIGHT, err)) {
            return ActCommand.REFUSED;
        }
        PreflightRun run = new PreflightRun(s, node);
        PreflightPlan plan = run.plan(settings); // read again and journaled: what is executed is what was recorded
        if (!plan.canProceed()) {
            err.println("flightdeck: refused: " + PreflightPlanText.lines(plan).getFirst());
            return ActCommand.REFUSED;
        }
        stop.onStop(run::cancel);
        PreflightOutcome o = run.execute(plan, e -> err.println(e.line()));
        out.println(o.summary());
        if (o.detail() != null && !o.detail().isBlank()) {
            o.detail().lines().forEach(l -> out.println("  " + l));
        }
        return switch (o.result()) {
            case PASSED -> CheckCommand.OK;
            case REFUSED -> ActCommand.REFUSED;
            case TIMED_OUT -> ActCommand.TIMED_OUT;
            case CANCELLED -> ActCommand.STOPPED;
            case FAILED, UNSCHEDULABLE, NODE_GONE, ERROR -> ActCommand.FAILED;
        };
    }
}
