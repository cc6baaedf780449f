package dev.flightdeck.app.session;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.StallThresholds;
import dev.flightdeck.app.telemetry.TelemetrySummary;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stall thresholds a cluster's settings name reach the session's telemetry judge, and its reads' window. */
class SessionGpuStallTest {

    private static TelemetrySummary readWith(SandboxCluster sandbox, StallThresholds t) throws Exception {
        SessionOptions options = SessionOptions.DEFAULTS.with(ClusterSettings.DEFAULTS.withGpuStall(t));
        try (ClusterSession session = ClusterSessions.openStarted(TestSandboxes.target(sandbox), options)) {
            assertTrue(session.awaitSynced(1, TimeUnit.MINUTES), session.health().describe());
            TelemetrySummary s = session.telemetry().readOnce();
            assertEquals(t.window(), session.telemetry().latestFrame().window(), "read over the cluster's window");
            return s;
        }
    }

    @Test
    void theClustersIdleThresholdAndWindowAreWhatTheSessionJudgesBy() throws Exception {
        Instant saved = Instant.now().minusSeconds(600);
        try (SandboxCluster sandbox = TestSandboxes.remembered(SandboxCluster.startForDrill(4, List.of(
                new SandboxCluster.DrillGang("training", "stuck", 2, 8, Duration.ofMinutes(30), saved, 100),
                new SandboxCluster.DrillGang("training", "steady", 2, 8, Duration.ofMinutes(30), saved, 100))))) {
            sandbox.gpuFaults().stallGang("training", "stuck");
            // The steady gang's GPUs run at 85-99%: idle only by a threshold above that.
            assertEquals(16, readWith(sandbox, StallThresholds.DEFAULTS).idleAllocated(), "the stuck gang's GPUs at 0%");
            assertEquals(32, readWith(sandbox, StallThresholds.DEFAULTS.withStall(99.5, Duration.ofMinutes(2)))
                    .idleAllocated(), "every allocated GPU is under 99.5%");
        }
    }
}
