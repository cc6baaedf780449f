package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.clusters.ClusterFleet;
import dev.flightdeck.app.clusters.ClusterSummary;
import dev.flightdeck.app.clusters.FleetOverview;
import dev.flightdeck.app.clusters.FleetTable;
import dev.flightdeck.app.clusters.OpenCluster;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.HomeDirectory;
import dev.flightdeck.app.connect.KubeContext;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.app.pressure.PressureReading;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.SettingsFile;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code flightdeck check --context a,b,c} and {@code --all-contexts}: every cluster opened and synced
 * in parallel (a slow one delays nobody), the fleet table first, then each readable cluster's report
 * in the table's order. Each cluster that cannot be read is named on stderr with the reason; exit 3
 * only when none could be read.
 */
final class FleetCheckCommand {

    private FleetCheckCommand() {
    }

    static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        Kubeconfig kubeconfig;
        try {
            List<Path> files = KubeconfigLoader.locate(options.kubeconfig(), env, HomeDirectory.of(env));
            if (files.isEmpty()) {
                err.println("flightdeck: several contexts asked for, but there is no kubeconfig (no --kubeconfig, "
                        + "KUBECONFIG unset, ~/.kube/config missing)");
                return CheckCommand.UNREADABLE;
            }
            kubeconfig = KubeconfigLoader.load(files);
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return CheckCommand.UNREADABLE;
        }
        List<String> names = options.contexts().all()
                ? kubeconfig.contexts().stream().map(KubeContext::name).toList() : options.contexts().names();
        if (names.isEmpty()) {
            err.println("flightdeck: kubeconfig " + kubeconfig.files() + " defines no contexts");
            return CheckCommand.UNREADABLE;
        }
        SettingsFile.Loaded settings = SettingsFile.standard().load();
        if (settings.problem() != null) {
            err.println("flightdeck: " + settings.problem());
        }
        List<ConnectionTarget> targets = new ArrayList<>();
        names.forEach(n -> targets.add(new ConnectionTarget.Context(kubeconfig, n)));
        try (ClusterFleet fleet = new ClusterFleet(t -> ClusterSessions.openStarted(t, SessionOptions.forTarget(t, settings)))) {
            fleet.keepOpen(targets);
            Map<String, String> unreadable = new ConcurrentHashMap<>();
            Map<String, PressureReading> readings = new ConcurrentHashMap<>();
            List<Thread> waits = new ArrayList<>();
            for (OpenCluster c : fleet.clusters()) {
                waits.add(Thread.ofVirtual().name("check-" + c.name()).start(() -> {
                    String why = syncOrWhy(c, readings);
                    if (why != null) {
                        unreadable.put(c.name(), why);
                    }
                }));
            }
            for (Thread t : waits) {
                t.join();
            }
            FleetOverview overview = FleetOverview.read(fleet.clusters(), Instant.now());
            FleetTable.lines(overview).forEach(out::println);
            for (ClusterSummary row : overview.rows()) {
                OpenCluster c = fleet.cluster(row.name());
                if (unreadable.containsKey(row.name()) || c == null || c.session() == null) {
                    continue;
                }
                out.println();
                out.println("== " + row.name() + " ==");
                PressureReading reading = readings.get(row.name());
                CheckCommand.report(c.session(), () -> reading, out);
            }
            out.flush();
            for (String n : names) {
                if (unreadable.containsKey(n)) {
                    err.println("flightdeck: " + n + ": " + unreadable.get(n));
                }
            }
            return unreadable.size() == names.size() ? CheckCommand.UNREADABLE : CheckCommand.OK;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CheckCommand.UNREADABLE;
        }
    }

    /** Opens, syncs and reads the API server's pressure; returns why the cluster cannot be read, else null. */
    private static String syncOrWhy(OpenCluster c, Map<String, PressureReading> readings) {
        try {
            ClusterSession s = c.awaitSession(SyncedSession.SYNC_SECONDS, TimeUnit.SECONDS);
            if (!SyncedSession.waitForSync(s)) {
                return SyncedSession.unsyncedReason(s);
            }
            PressureReading r = CheckCommand.readingWithRates(s.pressure());
            if (r != null) {
                readings.put(c.name(), r);
            }
            return null;
        } catch (ConnectionProblem p) {
            return p.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
