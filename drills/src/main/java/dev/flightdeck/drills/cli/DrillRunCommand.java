package dev.flightdeck.drills.cli;

import dev.flightdeck.app.cli.CheckCommand;
import dev.flightdeck.app.cli.ActCommand;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.TargetResolver;
import dev.flightdeck.app.launch.ResolvedTarget;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.HomeDirectory;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.drills.DrillReport;
import dev.flightdeck.drills.DrillRun;
import dev.flightdeck.drills.DrillStartException;
import dev.flightdeck.drills.DrillWorld;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.drills.ScenarioCatalog;
import dev.flightdeck.drills.report.DrillResults;
import dev.flightdeck.drills.report.MarkdownWriter;
import dev.flightdeck.drills.report.ReportDocument;
import dev.flightdeck.drills.staging.StagingWorld;
import dev.flightdeck.drills.world.SandboxWorld;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.settings.AppDirectories;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code flightdeck drill run SCENARIO [--responder CMD] [--pace N] [--kubeconfig F] [--context C]}: a
 * drill on its own sandbox, or — only when a context is named, its settings say {@code "drills": true}
 * and its cluster opted in (ConfigMap kube-public/flightdeck-drills) — on virtual nodes it creates on
 * that staging cluster and removes afterwards; with a scripted responder (a runbook under test) or with
 * nobody but whoever connects. The responder's command line runs as the person's shell would run it,
 * from the directory {@code drill run} was started in; the drill's folder is in its environment. Prints
 * the report as Markdown, keeps it with the results (owner-only), and exits 0 when the drill recovered
 * within its limit, 1 when not (or aborted with Ctrl-C), 2 for a bad scenario, 3 when its cluster or its
 * responder could not be set up (a responder not found or not executable: never started, so not judged),
 * 4 when the context or cluster refuses drills.
 */
public final class DrillRunCommand {

    public static final int NOT_RECOVERED = 1;

    /** The drill's cluster, its folder or its responder could not be set up: nothing was judged. */
    public static final int SETUP_FAILED = CheckCommand.UNREADABLE;
    private static final DateTimeFormatter FOLDER = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss'Z'")
            .withZone(ZoneOffset.UTC);

    private DrillRunCommand() {
    }

    /**
     * How long a run waits for the cluster to recover once the responder has exited: a minute of the drill's schedule,
     * and never under 30 s of real time, which a sandbox or a staging cluster's virtual kubelets need to settle
     * (a scheduled pod running, a trainer saving, a storm lifting on schedule).
     */
    static Duration afterResponder(double pace) {
        Duration scheduled = Duration.ofMillis((long) (Duration.ofMinutes(1).toMillis() / pace));
        return scheduled.compareTo(Duration.ofSeconds(30)) < 0 ? Duration.ofSeconds(30) : scheduled;
    }

    /** Where the drill plays, made ready, with what its responder needs to connect. */
    private record Place(DrillWorld world, String context, List<Path> kubeconfigs, ClusterSettings settings) { }

    public static int run(LaunchOptions options, AppDirectories dirs, Map<String, String> env, PrintStream out,
                          PrintStream err) {
        LaunchOptions.DrillRequest req = options.drill();
        ScenarioCatalog.Entry e = ScenarioCatalog.find(req.file(), dirs.config().resolve("drills"));
        if (!e.ok()) {
            err.println("flightdeck: " + e.error().getMessage());
            return CheckCommand.USAGE;
        }
        Scenario s = e.scenario();
        Path drills = dirs.data().resolve("drills");
        Path runDir = drills.resolve("runs").resolve(FOLDER.format(java.time.Instant.now()) + "-" + s.id());
        // Where the person typed the command: a relative path in --responder is relative to it, as in their shell.
        Path workingDir = Path.of("").toAbsolutePath();
        Place place;
        DrillRun run;
        try {
            place = place(s, options, dirs, env, err);
            Journal journal = new Journal(runDir.resolve("home").resolve("data").resolve("journal"));
            run = DrillRun.start(place.world(), new DrillRun.Options(req.pace(), journal, true, afterResponder(req.pace()),
                    dev.flightdeck.app.actions.drain.CircuitBreaker.DEFAULTS, Clock.systemUTC()));
        } catch (ConnectionProblem x) {
            err.println("flightdeck: drill " + s.id() + ": " + x.getMessage());
            return CheckCommand.UNREADABLE;
        } catch (DrillStartException x) {
            err.println("flightdeck: drill " + s.id() + (x.refused() ? " refused: " : ": ") + x.getMessage());
            return x.refused() ? ActCommand.REFUSED : CheckCommand.UNREADABLE;
        }
        ResponderProcess responder = null;
        Thread hook = null;
        CountDownLatch kept = new CountDownLatch(1);
        try {
            // Owner-only from the start, like the journal: the run's folder and the reports kept after it.
            dev.flightdeck.app.journal.OwnerOnlyFiles.directory(drills);
            ResponderWorkspace ws = ResponderWorkspace.create(runDir, s, place.world(), place.context(), place.kubeconfigs(),
                    place.settings(), launcher(env), req.pace());
            err.println("flightdeck: drill " + s.id() + " (" + s.title() + ") started on " + place.world().describe()
                    + " at " + place.world().clusterUrl() + "; limit " + s.limit().toMinutes() + " min"
                    + (req.pace() == 1 ? "" : ", faults strike " + java.math.BigDecimal.valueOf(req.pace())
                    .stripTrailingZeros().toPlainString() + "× sooner"));
            err.println("flightdeck: brief: " + s.brief().strip().replace("\n", " "));
            // Ctrl-C aborts the drill (its report kept, a staging cluster cleaned), and the process waits for that.
            hook = Thread.ofPlatform().unstarted(() -> {
                run.abort();
                try {
                    kept.await(3, TimeUnit.MINUTES);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                }
            });
            Runtime.getRuntime().addShutdownHook(hook);
            if (req.responder() == null) {
                err.println("flightdeck: nobody is scripted to respond; respond from another terminal with:\n" + ws.exports()
                        + "then flightdeck check, drain, resume … (Ctrl-C here aborts the drill)");
            } else {
                run.responderStarted(req.responder());
                try {
                    responder = ResponderProcess.start(req.responder(), workingDir, runDir, ws.env(), err,
                            run::responderExited);
                } catch (IOException x) {
                    err.println("flightdeck: drill " + s.id() + ": the responder could not be started from " + workingDir
                            + ": " + x.getMessage());
                    run.abort();
                    return SETUP_FAILED;
                }
            }
            DrillReport report = run.awaitReport(s.limit().plus(Duration.ofMinutes(3)));
            if (report == null) {
                run.abort();
                report = run.awaitReport(Duration.ofMinutes(3));
            }
            if (responder != null && responder.alive()) {
                responder.stop();
            }
            int code = finish(report, drills, cleanupHint(place), out, err);
            if (responder != null && run.responderNeverStarted()) {
                // Last, so it is the line a person or a CI log shows: the shell's own reason names the command.
                String why = responder.lastLine();
                err.println("flightdeck: drill " + s.id() + ": the responder could not be started from " + workingDir
                        + ": " + (why == null ? "`" + req.responder() + "` was not found or is not executable" : why));
                return SETUP_FAILED;
            }
            return code;
        } catch (IOException x) {
            err.println("flightdeck: drill " + s.id() + ": cannot prepare the responder's folder " + runDir + ": "
                    + x.getMessage());
            run.abort();
            return SETUP_FAILED;
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            run.abort();
            return NOT_RECOVERED;
        } finally {
            if (responder != null && responder.alive()) {
                responder.stop();
            }
            run.close();
            kept.countDown();
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl-C: the hook waited for the aborted report to be kept, and returns now
                }
            }
        }
    }

    /**
     * Its own sandbox, unless a context is named: then that context's virtual nodes, if its settings
     * allow drills. A drill never plays on a cluster the person did not name.
     */
    private static Place place(Scenario s, LaunchOptions options, AppDirectories dirs, Map<String, String> env,
                               PrintStream err) throws ConnectionProblem, DrillStartException {
        if (options.kubeconfig() == null && options.context() == null) {
            return new Place(SandboxWorld.start(s, Clock.systemUTC().instant()), "drill-" + s.id(), List.of(), null);
        }
        ResolvedTarget resolved = TargetResolver.resolve(options, env);
        if (!(resolved.target() instanceof ConnectionTarget.Context c)) {
            throw new DrillStartException("no context to play on: " + resolved.whySandbox(), null, true);
        }
        ClusterSettings settings = new SettingsFile(dirs.settingsFile()).load().forContext(c.name());
        StagingWorld world = StagingWorld.prepare(s, c, settings, Clock.systemUTC(), line -> err.println("flightdeck: " + line));
        return new Place(world, c.name(), KubeconfigLoader.locate(options.kubeconfig(), env, HomeDirectory.of(env)),
                settings);
    }

    /** How to remove what a staging drill could not: the command naming its context and run. */
    private static String cleanupHint(Place place) {
        return place.world() instanceof StagingWorld w ? "flightdeck drill cleanup --context " + place.context()
                + " --run " + w.id() : "flightdeck drill cleanup with the same --context";
    }

    private static int finish(DrillReport report, Path drills, String cleanupHint, PrintStream out, PrintStream err) {
        if (report == null) {
            err.println("flightdeck: the drill did not end its report in time");
            return NOT_RECOVERED;
        }
        out.print(MarkdownWriter.write(ReportDocument.of(report), null));
        out.flush();
        try {
            DrillResults.Kept k = new DrillResults(drills).keep(report);
            err.println("flightdeck: report kept as " + k.markdown() + " and " + k.html());
        } catch (IOException | RuntimeException x) {
            err.println("flightdeck: the report could not be kept in " + drills + ": " + x.getMessage());
        }
        if (!report.leftovers().isEmpty()) {
            err.println("flightdeck: the drill could not remove " + String.join("; ", report.leftovers())
                    + " — run " + cleanupHint);
        }
        return report.recovered() ? CheckCommand.OK : NOT_RECOVERED;
    }

    /** The launcher that started us, for the responder's PATH: the script or the packaged app. */
    private static String launcher(Map<String, String> env) {
        String script = env.get("FLIGHTDECK_LAUNCHER");
        if (script != null && !script.isBlank()) {
            return script;
        }
        return System.getProperty("jpackage.app-path");
    }
}
