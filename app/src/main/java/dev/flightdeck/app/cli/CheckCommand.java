package dev.flightdeck.app.cli;

import dev.flightdeck.app.telemetry.TelemetrySummary;

import dev.flightdeck.app.connect.TlsVerification;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.session.ClusterSession;

import dev.flightdeck.app.pressure.PressureReading;
import dev.flightdeck.app.pressure.PressureScraper;
import dev.flightdeck.app.pressure.PressureThresholds;

import java.io.PrintStream;
import java.time.Instant;
import java.util.Map;

/**
 * {@code flightdeck check}: connect, wait for the watches to sync, print the report,
 * exit. 0 when the cluster could be read; 3 with one line on stderr when it could
 * not; 2 for a command line that makes no sense.
 */
public final class CheckCommand {

    public static final int OK = 0;
    public static final int USAGE = 2;
    public static final int UNREADABLE = 3;

    private CheckCommand() {
    }

    /**
     * Rates need two scrapes: the session scraped when it opened; if that was less than
     * {@value #RATE_SECONDS} s ago, wait the rest and scrape again.
     */
    static PressureReading readingWithRates(PressureScraper p) throws InterruptedException {
        PressureReading first = p.tracker().latest();
        if (first == null) {
            first = p.scrapeNow();
        }
        if (first != null && !first.failed() && first.signals().hasRates()) {
            return first;
        }
        if (first != null && !first.failed()) {
            long waited = java.time.Duration.between(first.at(), Instant.now()).toMillis();
            Thread.sleep(Math.max(0, RATE_SECONDS * 1000L - waited));
        }
        return p.scrapeNow();
    }

    private static final int RATE_SECONDS = 5;

    public static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        if (options.contexts() != null) {
            return FleetCheckCommand.run(options, env, out, err);
        }
        try (ClusterSession session = SyncedSession.open(options, env, err)) {
            if (session == null) {
                return UNREADABLE;
            }
            report(session, () -> readingWithRates(session.pressure()), out);
            out.flush();
            if (options.checkEvery() != null) {
                watch(session, options.checkEvery(), out);
            }
            return OK;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNREADABLE;
        }
    }

    /**
     * {@code check --watch}: the report again every {@code every} from the same session, whose watches keep its model
     * current (no LIST per report, unlike a loop of checks: a runbook's polling costs the API server one watch per
     * kind) and whose scraper keeps the pressure reading fresh. A blank line and a stamp part the reports. Ends when
     * the output is closed (a reader such as {@code grep -m1} has what it wanted) or the thread is interrupted.
     */
    private static void watch(ClusterSession session, java.time.Duration every, PrintStream out) throws InterruptedException {
        while (!out.checkError()) {
            Thread.sleep(every.toMillis());
            out.println();
            out.println("check at " + java.time.format.DateTimeFormatter.ISO_INSTANT.format(
                    Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)));
            report(session, () -> readingWithRates(session.pressure()), out);
            out.flush();
        }
    }

    /** Where the pressure section's reading comes from: read now (its rates may take 5 s), or read earlier. */
    @FunctionalInterface
    interface Reading {
        PressureReading get() throws InterruptedException;
    }

    /**
     * One cluster's report: a first line when its kubeconfig turns TLS verification off, then nodes,
     * what could not be read, gangs, Kueue's queues (where served), the API server.
     */
    static void report(ClusterSession session, Reading pressureReading, PrintStream out) throws InterruptedException {
        // The pressure reading first (its rates may take 5 s): it says whether the API server sheds load, and GPU
        // telemetry read through it is then put off. Telemetry next: what DCGM says changes node verdicts and gangs,
        // which are printed next, as the watches have them then.
        PressureReading reading = pressureReading.get();
        TelemetrySummary telemetry = session.telemetry().latestOrReadNow();
        session.model().awaitFolded(10, java.util.concurrent.TimeUnit.SECONDS);
        // Teams (when the settings name a team key) from the model as the node and gang sections see it, printed last
        // so that no line a script reads moves.
        java.util.List<String> teams = dev.flightdeck.app.queues.teams.TeamReport.section(session.teamKey(),
                session.model().snapshot().nodes(), session.model().gangs(), session.model().queues());
        if (session.tlsVerificationOff()) {
            // Before anything read from the cluster: what follows came over a connection whose server was not checked.
            out.println(TlsVerification.explain(session.displayName(),
                    session.connection().api().baseUrl().replaceAll("/+$", "")));
        }
        CheckReport.lines(session.model().snapshot()).forEach(out::println);
        // Said where the fleet is counted: those objects are in no count above.
        session.skippedObjects().forEach(k -> out.println("not shown: " + k.describe()));
        out.println();
        GangReport.lines(session.model().gangs(), g -> session.checkpoints().read(g.annotations()), Instant.now())
                .forEach(out::println);
        out.println();
        if (session.kueueServed() || session.volcanoQueuesServed()) {
            // only where Kueue or Volcano's Queues are served: every other cluster's report stays as it was
            QueueReport.lines(session.model().queues(), session.kueueServed(), session.volcanoQueuesServed(), Instant.now())
                    .forEach(out::println);
            out.println();
        }
        TelemetryReport.lines(telemetry).forEach(out::println);
        PressureScraper p = session.pressure();
        PressureReport.lines(reading, p.readyz(), p.livez(), p.healthProblem(), PressureThresholds.DEFAULTS)
                .forEach(out::println);
        if (!teams.isEmpty()) {
            out.println();
            teams.forEach(out::println);
        }
    }
}
