package dev.flightdeck.app.cli;

import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.drain.DrainEvent;
import dev.flightdeck.app.actions.drain.DrainOperation;
import dev.flightdeck.app.actions.drain.DrainOptions;
import dev.flightdeck.app.actions.drain.DrainOutcome;
import dev.flightdeck.app.actions.drain.DrainPlan;
import dev.flightdeck.app.launch.ActionRequest;

/**
 * {@code flightdeck drain NODE}: the plan {@code plan drain} prints, then — confirmed, allowed and
 * not refused by the plan (consents, circuit breaker) — {@link DrainOperation}: cordon, evict with
 * 429s retried until the timeout, wait for the pods to go; Ctrl-C stops further evictions and the
 * node stays cordoned, as the console's Stop does.
 */
final class NodeDrainAction implements ActCommand.Action<DrainPlan, DrainEvent, DrainOutcome> {

    @Override
    public ActionRun<DrainPlan, DrainEvent, DrainOutcome> run(ActionSession s, ActionRequest req) {
        DrainOptions options = DrainOptions.DEFAULTS.withConsent(req.deleteEmptyDirData(), req.force());
        if (req.timeout() != null) {
            options = new DrainOptions(options.ignoreDaemonSets(), options.deleteEmptyDirData(), options.force(),
                    options.disableEviction(), req.timeout());
        }
        return DrainOperation.run(s, req.target(), options);
    }

    @Override
    public int exitCode(DrainOutcome o) {
        return switch (o.result()) {
            case DRAINED -> CheckCommand.OK;
            case REFUSED -> ActCommand.REFUSED;
            case TIMED_OUT -> ActCommand.TIMED_OUT;
            case CANCELLED -> ActCommand.STOPPED;
            case NODE_GONE, FAILED -> ActCommand.FAILED;
        };
    }
}
