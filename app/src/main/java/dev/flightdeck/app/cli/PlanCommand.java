package dev.flightdeck.app.cli;

import dev.flightdeck.app.actions.KubeRest;
import dev.flightdeck.app.actions.drain.DrainOptions;
import dev.flightdeck.app.actions.drain.DrainPlan;
import dev.flightdeck.app.actions.drain.DrainPlanReader;
import dev.flightdeck.app.actions.drain.DrainPlanText;
import dev.flightdeck.app.session.ClusterSession;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.Map;

/**
 * {@code flightdeck plan drain NODE}: the plan the console would show before a drain, as text,
 * changing nothing (executing stays in the console, where the operator confirms). Exit 0 when
 * the plan was made (also when it says the drain would be refused); 3 when the cluster or the
 * node cannot be read.
 */
public final class PlanCommand {

    private PlanCommand() {
    }

    public static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        LaunchOptions.PlanRequest req = options.plan();
        try (ClusterSession session = SyncedSession.open(options, env, err)) {
            if (session == null) {
                return CheckCommand.UNREADABLE;
            }
            DrainOptions drain = DrainOptions.DEFAULTS.withConsent(req.deleteEmptyDirData(), req.force());
            DrainPlan plan = new DrainPlanReader(new KubeRest(session.connection().api()), session.checkpoints()::read)
                    .read(req.target(), session.fleet().gangs(), drain, Instant.now());
            DrainPlanText.lines(plan).forEach(out::println);
            out.flush();
            return CheckCommand.OK;
        } catch (IOException e) {
            err.println("flightdeck: plan drain " + req.target() + ": " + e.getMessage());
            return CheckCommand.UNREADABLE;
        }
    }
}
