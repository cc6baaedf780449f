package dev.flightdeck.app.cli;

import dev.flightdeck.app.drills.DrillReport;
import dev.flightdeck.app.drills.DrillResults;
import dev.flightdeck.app.drills.DrillRun;
import dev.flightdeck.app.drills.DrillStartException;
import dev.flightdeck.app.drills.Scenario;
import dev.flightdeck.app.drills.ScenarioCatalog;
import dev.flightdeck.app.drills.report.MarkdownWriter;
import dev.flightdeck.app.drills.report.ReportDocument;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.settings.AppDirectories;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * {@code flightdeck drill run SCENARIO [--responder CMD] [--pace N]}: a drill on its own sandbox,
 * with a scripted responder (a runbook under test) or with nobody but whoever connects with the
 * printed kubeconfig. Prints the report as Markdown, keeps it with the results, and exits 0 when
 * the drill recovered within its limit, 1 when not (or aborted with Ctrl-C), 2 for a bad scenario,
 * 3 when its sandbox could not start.
 */
public final class DrillRunCommand {

    public static final int NOT_RECOVERED = 1;
    private static final DateTimeFormatter FOLDER = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss'Z'")
            .withZone(ZoneOffset.UTC);

    private DrillRunCommand() {
    }

    public static int run(LaunchOptions.DrillRequest req, AppDirectories dirs, Map<String, String> env, PrintStream out,
                          PrintStream err) {
        ScenarioCatalog.Entry e = ScenarioCatalog.find(req.file(), dirs.config().resolve("drills"));
        if (!e.ok()) {
            err.println("flightdeck: " + e.error().getMessage());
            return CheckCommand.USAGE;
        }
        Scenario s = e.scenario();
        Path drills = dirs.data().resolve("drills");
        Path runDir = drills.resolve("runs").resolve(FOLDER.format(java.time.Instant.now()) + "-" + s.id());
        DrillRun run;
        ResponderWorkspace ws;
        try {
            Journal journal = new Journal(runDir.resolve("home").resolve("data").resolve("journal"));
            run = DrillRun.start(s, new DrillRun.Options(req.pace(), journal, true, Duration.ofMinutes(1),
                    dev.flightdeck.app.actions.drain.CircuitBreaker.DEFAULTS, java.time.Clock.systemUTC()));
        } catch (DrillStartException x) {
            err.println("flightdeck: drill " + s.id() + ": " + x.getMessage());
            return CheckCommand.UNREADABLE;
        }
        ResponderProcess responder = null;
        Thread hook = null;
        java.util.concurrent.CountDownLatch keptSignal = null;
        try {
            ws = ResponderWorkspace.create(runDir, s, run.world(), launcher(env));
            err.println("flightdeck: drill " + s.id() + " (" + s.title() + ") started on " + run.world().describe()
                    + " at " + run.world().clusterUrl() + "; limit " + s.limit().toMinutes() + " min"
                    + (req.pace() == 1 ? "" : ", faults strike " + java.math.BigDecimal.valueOf(req.pace()).stripTrailingZeros()
                    .toPlainString() + "× sooner"));
            err.println("flightdeck: brief: " + s.brief().strip().replace("\n", " "));
            if (req.responder() == null) {
                err.println("flightdeck: nobody is scripted to respond; respond from another terminal with:\n" + ws.exports()
                        + "then flightdeck check, drain, resume … (Ctrl-C here aborts the drill)");
            } else {
                run.responderStarted(req.responder());
                responder = ResponderProcess.start(req.responder(), runDir, ws.env(), err, run::responderExited);
            }
            // Ctrl-C aborts the drill, and the process waits until the aborted report is printed and kept.
            java.util.concurrent.CountDownLatch kept = new java.util.concurrent.CountDownLatch(1);
            keptSignal = kept;
            hook = Thread.ofPlatform().unstarted(() -> {
                run.abort();
                try {
                    kept.await(20, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                }
            });
            Runtime.getRuntime().addShutdownHook(hook);
            DrillReport report = run.awaitReport(s.limit().plus(Duration.ofMinutes(2)));
            if (report == null) {
                run.abort();
                report = run.awaitReport(Duration.ofSeconds(10));
            }
            if (responder != null && responder.alive()) {
                responder.stop();
            }
            int code = finish(report, drills, out, err);
            keptSignal.countDown();
            return code;
        } catch (IOException x) {
            err.println("flightdeck: drill " + s.id() + ": cannot prepare the responder's folder " + runDir + ": "
                    + x.getMessage());
            run.abort();
            return NOT_RECOVERED;
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            run.abort();
            return NOT_RECOVERED;
        } finally {
            if (keptSignal != null) {
                keptSignal.countDown();
            }
            if (responder != null && responder.alive()) {
                responder.stop();
            }
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl-C: the hook waited for the aborted report to be kept, and returns now
                }
            }
            run.close();
        }
    }

    private static int finish(DrillReport report, Path drills, PrintStream out, PrintStream err) {
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
