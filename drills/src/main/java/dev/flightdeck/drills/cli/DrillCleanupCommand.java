package dev.flightdeck.drills.cli;

import dev.flightdeck.app.cli.CheckCommand;
import dev.flightdeck.app.cli.ActCommand;
import dev.flightdeck.app.actions.ActionRefused;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ReadOnlyMode;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.drills.staging.DrillCleanupOperation;
import dev.flightdeck.drills.staging.DrillInventory;
import dev.flightdeck.drills.staging.DrillOptIn;
import dev.flightdeck.drills.staging.StagingCleanup;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.ResolvedTarget;
import dev.flightdeck.app.launch.TargetResolver;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.AppDirectories;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * {@code flightdeck drill cleanup --context C --run ID [--confirm ID]}: what one drill run left on a
 * staging cluster (a drill killed before it could clean up) — its namespace, virtual nodes, their
 * Leases and Flightdeck's validation Jobs on them, listed once with their UIDs — and, with the run
 * confirmed, exactly those deleted, as a journaled action ({@link DrillCleanupOperation}). Without
 * {@code --run} it lists the runs present, one line each. Refused where the person's settings do not
 * allow drills, on a read-only context, and on a cluster that has not opted in ({@link DrillOptIn}).
 *
 * <p>Exit codes, as the actions': 0 nothing of the run is left (or an object changed since it was
 * shown and was left alone), 2 not confirmed or no {@code --run}, 3 the cluster cannot be read,
 * 4 refused, 6 something could not be removed, 130 stopped.
 */
final class DrillCleanupCommand {

    private DrillCleanupCommand() {
    }

    static int run(LaunchOptions options, AppDirectories dirs, Map<String, String> env, PrintStream out, PrintStream err) {
        if (options.kubeconfig() == null && options.context() == null) {
            err.println("flightdeck: drill cleanup needs the staging cluster named: --context C (drills leave nothing "
                    + "behind on their own sandbox)");
            return CheckCommand.USAGE;
        }
        ConnectionTarget.Context c;
        try {
            ResolvedTarget resolved = TargetResolver.resolve(options, env);
            if (!(resolved.target() instanceof ConnectionTarget.Context ctx)) {
                err.println("flightdeck: no context to clean up: " + resolved.whySandbox());
                return CheckCommand.USAGE;
            }
            c = ctx;
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return CheckCommand.UNREADABLE;
        }
        SettingsFile.Loaded settings = new SettingsFile(dirs.settingsFile()).load();
        if (settings.problem() != null) {
            err.println("flightdeck: " + settings.problem());
        }
        ClusterSettings mine = settings.forContext(c.name());
        String readOnly = ReadOnlyMode.reason(c, settings);
        String refused = DrillOptIn.notAllowedLocally(c.name(), mine);
        if (refused != null || readOnly != null) {
            err.println("flightdeck: drill cleanup refused: " + (refused != null ? refused : readOnly));
            return ActCommand.REFUSED;
        }
        String run = options.drill().run();
        try (ClusterConnection connection = ClusterConnection.open(c, SessionOptions.DEFAULTS.withUserAgent(
                SessionOptions.userAgent("flightdeck-drill")))) {
            ActionSession s = new ActionSession(connection, new Journal(dirs.data().resolve("journal")), readOnly,
                    Clock.systemUTC());
            if (run == null || run.isBlank()) {
                return listRuns(s, c.name(), out, err);
            }
            ActionRun<DrillCleanupOperation.Plan, String, StagingCleanup.Result> action =
                    DrillCleanupOperation.run(s, c.name(), mine, run);
            return ActCommand.withCtrlC(stop -> clean(action, run, options.drill().confirm(), out, err, stop), err);
        } catch (ActionRefused r) {
            err.println("flightdeck: drill cleanup refused: " + r.getMessage());
            return ActCommand.REFUSED;
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return CheckCommand.UNREADABLE;
        } catch (IOException e) {
            err.println("flightdeck: drill cleanup " + c.name() + ": " + e.getMessage());
            return CheckCommand.UNREADABLE;
        }
    }

    /** The plan printed; unless confirmed, nothing else; else refused in words or carried out, steps on stderr. */
    private static int clean(ActionRun<DrillCleanupOperation.Plan, String, StagingCleanup.Result> action, String run,
                             String confirm, PrintStream out, PrintStream err, ActCommand.StopSignal stop)
            throws IOException, ActionRefused {
        DrillCleanupOperation.Plan plan = action.read();
        action.lines(plan).forEach(out::println);
        out.flush();
        if (plan.objects().isEmpty()) {
            return CheckCommand.OK;
        }
        if (!run.equals(confirm)) {
            err.println("flightdeck: not removed: " + (confirm == null ? "" : "--confirm " + confirm + " does not name the "
                    + "run; ") + "run it again with --confirm " + run);
            return ActCommand.NOT_CONFIRMED;
        }
        String why = action.whyNot(plan);
        if (why != null) {
            err.println("flightdeck: drill cleanup refused: " + why);
            return ActCommand.REFUSED;
        }
        action.planned(plan);
        stop.onStop(action::cancel);
        StagingCleanup.Result r = action.execute(plan, "", e -> err.println("flightdeck: " + e));
        out.println(action.operation().ending(plan, r).summary());
        return r.stopped() ? ActCommand.STOPPED : r.left().isEmpty() ? CheckCommand.OK : ActCommand.FAILED;
    }

    /** No run named: the cluster's opt-in checked, then the runs present, one line each, to pick from. */
    private static int listRuns(ActionSession s, String context, PrintStream out, PrintStream err)
            throws IOException, ActionRefused {
        String notByCluster = DrillOptIn.notAllowedByCluster(s.rest(), context);
        if (notByCluster != null) {
            throw new ActionRefused(notByCluster);
        }
        List<DrillInventory.Run> runs = DrillInventory.runs(s.rest());
        if (runs.isEmpty()) {
            err.println("flightdeck: drill cleanup needs the run: --run ID (no drill run has objects on context "
                    + context + ")");
            return CheckCommand.USAGE;
        }
        err.println("flightdeck: drill cleanup needs the run: --run ID, one of the " + runs.size() + " on context "
                + context + ":");
        Instant now = s.clock().instant();
        for (DrillInventory.Run r : runs) {
            out.println("  " + r.id() + "  " + r.namespaces() + " namespace, " + r.nodes() + " virtual nodes"
                    + (r.created() == null ? "" : ", created " + r.created().truncatedTo(ChronoUnit.SECONDS))
                    + "; " + liveness(r.lastRenewal(), now));
        }
        return CheckCommand.USAGE;
    }

    private static String liveness(Instant renewed, Instant now) {
        if (renewed == null) {
            return "no Lease renewed: left over";
        }
        Duration ago = Duration.between(renewed, now);
        boolean alive = ago.compareTo(DrillCleanupOperation.ALIVE_WITHIN) < 0;
        return "Leases renewed " + age(ago) + " ago: " + (alive ? "looks alive" : "left over");
    }

    private static String age(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s < 120 ? s + " s" : s < 7200 ? s / 60 + " min" : s / 3600 + " h";
    }
}
