package dev.flightdeck.app.cli;

import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.drain.CordonOperation;
import dev.flightdeck.app.launch.ActionRequest;

/** {@code flightdeck cordon|uncordon NODE}: the one patch, its plan in words, then {@link CordonOperation}. */
final class NodeCordonAction implements ActCommand.Action<CordonOperation.Plan, String, CordonOperation.Outcome> {

    @Override
    public ActionRun<CordonOperation.Plan, String, CordonOperation.Outcome> run(ActionSession s, ActionRequest req) {
        return CordonOperation.run(s, req.target(), req.action().equals("uncordon"));
    }

    @Override
    public int exitCode(CordonOperation.Outcome o) {
        return o.done() ? CheckCommand.OK : ActCommand.FAILED;
    }
}
