package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.ActionRequest;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.drain.DrainExecutor;
import dev.flightdeck.app.actions.drain.DrainOptions;
import dev.flightdeck.app.actions.drain.DrainOutcome;
import dev.flightdeck.app.actions.drain.DrainPlan;
import dev.flightdeck.app.actions.drain.DrainPlanReader;
import dev.flightdeck.app.actions.drain.DrainPlanText;
import dev.flightdeck.app.actions.drain.DrainRun;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;

/**
 * {@code flightdeck drain NODE}: the plan {@code plan drain} prints, then — confirmed, allowed and
 * not refused by the plan (consents, circuit breaker) — {@link DrainRun}: cordon, evict with 429s
 * retried until the timeout, wait for the pods to go; Ctrl-C stops further evictions and the node
 * stays cordoned, as the console's Stop does.
 */
final class NodeDrainAction implements ActCommand.Action {

    @Override
    public int run(ActionSession s, ActionRequest req, PrintStream out, PrintStream err, ActCommand.StopSignal stop)
            throws IOException {
        String node = req.target();
        DrainOptions options = DrainOptions.DEFAULTS.withConsent(req.deleteEmptyDirData(), req.force());
        if (req.timeout() != null) {
            options = new DrainOptions(options.ignoreDaemonSets(), options.deleteEmptyDirData(), options.force(),
                    options.disableEviction(), req.timeout());
        }
        DrainOptions chosen = options;
        DrainPlanReader reader = new DrainPlanReader(s.rest(), s.session().checkpoints()::read);
        DrainPlan plan = reader.read(node, s.session().fleet().gangs(), s.session().fleet().snapshot().nodes(),
                s.drainBreaker(), chosen, Instant.now());
        if (!ActCommand.confirmedAfter(DrainPlanText.lines(plan), req, out, err)) {
            return ActCommand.NOT_CONFIRMED;
        }
        if (ActCommand.refuses(s, ActionSession.DRAIN, err)) {
            return ActCommand.REFUSED;
        }
        if (!plan.canProceed()) {
            err.println("flightdeck: refused: " + DrainPlanText.lines(plan).getFirst());
            return ActCommand.REFUSED;
        }
        DrainRun run = new DrainRun(s.rest(), s.journalFor("drain", "node/" + node), new DrainExecutor(s.rest(), s.clock()),
                s.clock());
        run.planned(plan);
        stop.onStop(run::cancel);
        DrainOutcome o = run.execute(plan, req.reason().strip(),
                () -> reader.read(node, s.session().fleet().gangs(), chosen, Instant.now()), e -> err.println(e.line()));
        out.println(o.summary());
        return switch (o.result()) {
            case DRAINED -> CheckCommand.OK;
            case REFUSED -> ActCommand.REFUSED;
            case TIMED_OUT -> ActCommand.TIMED_OUT;
            case CANCELLED -> ActCommand.STOPPED;
            case NODE_GONE, FAILED -> ActCommand.FAILED;
        };
    }
}
