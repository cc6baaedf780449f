package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.TargetResolver;
import dev.flightdeck.app.launch.ResolvedTarget;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What every headless command starts with: resolve the target the way the console does, open a
 * session with the cluster's settings, and wait until the watches have synced. Problems go to
 * stderr as one line each; the caller gets null and exits with {@link CheckCommand#UNREADABLE}.
 */
final class SyncedSession {

    static final long SYNC_SECONDS = 180;

    private SyncedSession() {
    }

    /** An open, synced session with what it was opened for: the target and the settings read then. */
    record Opened(ClusterSession session, dev.flightdeck.app.connect.ConnectionTarget target, SettingsFile.Loaded settings)
            implements AutoCloseable {
        @Override
        public void close() {
            session.close();
        }
    }

    static ClusterSession open(LaunchOptions options, Map<String, String> env, PrintStream err) {
        Opened o = openWithTarget(options, env, err);
        return o == null ? null : o.session();
    }

    static Opened openWithTarget(LaunchOptions options, Map<String, String> env, PrintStream err) {
        ResolvedTarget resolved;
        try {
            resolved = TargetResolver.resolve(options, env);
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return null;
        }
        if (resolved.whySandbox() != null) {
            err.println("flightdeck: using the embedded sandbox cluster: " + resolved.whySandbox());
        }
        SettingsFile.Loaded settings = SettingsFile.standard().load();
        if (settings.problem() != null) {
            err.println("flightdeck: " + settings.problem());
        }
        ClusterSession session;
        try {
            session = ClusterSessions.openStarted(resolved.target(), SessionOptions.forTarget(resolved.target(), settings));
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return null;
        }
        // Each headless command reads GPU telemetry once: the idle GPUs' history carries over from one to the next, so
        // that a `check` run every minute can call a gang stalled without a Prometheus.
        session.telemetry().keepIdleHistory(dev.flightdeck.app.telemetry.IdleHistoryFile.forCluster(
                dev.flightdeck.app.settings.AppDirectories.standard().data(), session.displayName()));
        if (!waitForSync(session)) {
            err.println("flightdeck: " + session.displayName() + ": " + unsyncedReason(session));
            session.close();
            return null;
        }
        return new Opened(session, resolved.target(), settings);
    }

    static boolean waitForSync(ClusterSession session) {
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
    static String unsyncedReason(ClusterSession session) {
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
