package dev.flightdeck.app.cli;

import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;

import java.io.PrintStream;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code flightdeck check}: connect, wait for the watches to sync, print the report,
 * exit. 0 when the cluster could be read; 3 with one line on stderr when it could
 * not; 2 for a command line that makes no sense.
 */
public final class CheckCommand {

    public static final int OK = 0;
    public static final int USAGE = 2;
    public static final int UNREADABLE = 3;
    private static final long SYNC_SECONDS = 180;

    private CheckCommand() {
    }

    public static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        ResolvedTarget resolved;
        try {
            resolved = TargetResolver.resolve(options, env);
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return UNREADABLE;
        }
        if (resolved.whySandbox() != null) {
            err.println("flightdeck: using the embedded sandbox cluster: " + resolved.whySandbox());
        }
        SettingsFile.Loaded settings = SettingsFile.standard().load();
        if (settings.problem() != null) {
            err.println("flightdeck: " + settings.problem());
        }
        try (ClusterSession session = ClusterSession.open(resolved.target(), SessionOptions.forTarget(resolved.target(), settings))) {
            if (!waitForSync(session)) {
                err.println("flightdeck: " + session.displayName() + ": " + unsyncedReason(session));
                return UNREADABLE;
            }
            CheckReport.lines(session.fleet().snapshot()).forEach(out::println);
            out.println();
            GangReport.lines(session.fleet().gangs(), g -> session.checkpoints().read(g.annotations()), Instant.now())
                    .forEach(out::println);
            out.flush();
            return OK;
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return UNREADABLE;
        }
    }

    private static boolean waitForSync(ClusterSession session) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SYNC_SECONDS);
        try {
            while (System.nanoTime() < deadline) {
                if (session.awaitSynced(250, TimeUnit.MILLISECONDS)) {
                    return true;
                }
                // A watcher refused outright (403, 401) will not sync by waiting: stop early.
                for (WatchHealth h : session.watcherHealth()) {
                    if (h.phase() == WatchPhase.FAILED) {
                        return false;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** A refusal (FAILED) explains more than a watcher still retrying, so it is named first. */
    private static String unsyncedReason(ClusterSession session) {
        for (WatchPhase wanted : new WatchPhase[]{WatchPhase.FAILED, WatchPhase.RECONNECTING, WatchPhase.SYNCING}) {
            for (WatchHealth h : session.watcherHealth()) {
                if (h.phase() == wanted) {
                    return "could not read " + h.resource() + ": " + h.describe();
                }
            }
        }
        return "watches did not sync within " + SYNC_SECONDS + " s";
    }
}
