package dev.flightdeck.app;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** A still sandbox and a synced session on it, for tests that drive the cluster and watch the model. */
public final class SandboxSession implements AutoCloseable {

    public final SandboxCluster sandbox;
    public final ClusterSession session;

    private SandboxSession(SandboxCluster sandbox, ClusterSession session) {
        this.sandbox = sandbox;
        this.session = session;
    }

    public static SandboxSession open(int nodes) throws Exception {
        SandboxCluster sandbox = SandboxCluster.startQuiet(nodes);
        ClusterSession session = ClusterSessions.openStarted(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS);
        if (!session.awaitSynced(30, TimeUnit.SECONDS)) {
            session.close();
            sandbox.close();
            throw new AssertionError("sandbox session did not sync: " + session.health().describe());
        }
        // GPU telemetry's first read follows the sync (a LIST of the exporter pods, their scrapes); the next comes 30 s
        // later. Waiting for the first keeps a test's own count of requests to what the test did.
        eventually("GPU telemetry's first read", () -> session.telemetry().latest() != null);
        return new SandboxSession(sandbox, session);
    }

    /** Waits up to 20 s for {@code condition}; fails naming what it waited for. */
    public static void eventually(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(50);
        }
    }

    @Override
    public void close() {
        session.close();
        sandbox.close();
    }
}
