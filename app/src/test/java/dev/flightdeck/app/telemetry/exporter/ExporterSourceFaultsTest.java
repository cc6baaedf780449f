package dev.flightdeck.app.telemetry.exporter;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.app.telemetry.TelemetryUnavailable;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the exporters' telemetry says when something is wrong: a stalled gang's GPUs at zero while its ranks run, an
 * exporter that does not answer counted and named in the frame (its node's GPUs missing, the rest read), and a cluster
 * with no exporter at all unavailable in one line naming the labels looked for.
 */
class ExporterSourceFaultsTest {

    private static ExporterSource source(ClusterSession session) {
        return new ExporterSource(new KubeRest(session.connection().api()), ModelLocators.pods(session),
                ModelLocators.nodes(session), ExporterSource.DEFAULT_IN_FLIGHT, Clock.systemUTC());
    }

    private static ClusterSession open(SandboxCluster sandbox) throws Exception {
        ClusterSession session = ClusterSessions.openStarted(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS);
        assertTrue(session.awaitSynced(1, TimeUnit.MINUTES), session.health().describe());
        return session;
    }

    private static List<GpuSignals> on(TelemetryFrame frame, String node) {
        return frame.gpus().stream().filter(g -> g.placement().node().equals(node)).toList();
    }

    @Test
    void aStalledGangsGpusReadZeroAndASilentExporterIsAProblem() throws Exception {
        Instant saved = Instant.now().minusSeconds(600);
        try (SandboxCluster sandbox = SandboxCluster.startForDrill(4, List.of(
                new SandboxCluster.DrillGang("training", "stuck", 2, 8, Duration.ofMinutes(30), saved, 100),
                new SandboxCluster.DrillGang("training", "steady", 2, 8, Duration.ofMinutes(30), saved, 100)));
             ClusterSession session = open(TestSandboxes.remembered(sandbox))) {
            sandbox.gpuFaults().stallGang("training", "stuck");
            sandbox.gpuFaults().silenceExporter("gpu-node-003");
            TelemetryFrame frame = source(session).read(Duration.ofMinutes(5));

            for (String node : List.of("gpu-node-000", "gpu-node-001")) {
                assertEquals(8, on(frame, node).size());
                for (GpuSignals g : on(frame, node)) {
                    assertEquals(0, g.utilPercent(), g.placement().key());
                    assertTrue(g.placement().pod().startsWith("stuck-"), "still held by its rank: " + g.placement());
                }
            }
            assertTrue(on(frame, "gpu-node-002").stream().allMatch(g -> g.utilPercent() > 75), "the other gang runs");
            assertTrue(on(frame, "gpu-node-003").isEmpty(), "the silent exporter's node is not in the frame");
            assertEquals(24, frame.gpus().size());

            assertEquals(2, frame.problems().size(), frame.problems().toString());
            assertEquals("1 of 4 dcgm-exporter pods did not answer: their nodes' GPUs are not in this frame",
                    frame.problems().get(0));
            String named = frame.problems().get(1);
            assertTrue(named.matches("gpu-operator/nvidia-dcgm-exporter-\\S+ on gpu-node-003: .*i/o timeout"), named);
            assertEquals(frame.problems(), source(session).read(Duration.ofMinutes(5)).problems(), "the same each read");
        }
    }

    @Test
    void aClusterWithNoExporterIsUnavailableSayingWhichLabelsWereLookedFor() throws Exception {
        try (SandboxCluster sandbox = TestSandboxes.remembered(SandboxCluster.startGangLoad(4, 1, 4));
             ClusterSession session = open(sandbox)) {
            TelemetryUnavailable e = assertThrows(TelemetryUnavailable.class, () -> source(session).read(Duration.ofMinutes(5)));
            assertEquals("no dcgm-exporter pods found: looked for DaemonSet pods labelled app=nvidia-dcgm-exporter "
                    + "(GPU Operator) or app.kubernetes.io/name=dcgm-exporter (its Helm chart) in every namespace", e.getMessage());
        }
    }

    @Test
    void whenNoExporterAnswersTheReadIsUnavailableWithTheFirstReason() throws Exception {
        try (SandboxCluster sandbox = TestSandboxes.remembered(SandboxCluster.startForDrill(2));
             ClusterSession session = open(sandbox)) {
            sandbox.gpuFaults().silenceExporter("gpu-node-000");
            sandbox.gpuFaults().silenceExporter("gpu-node-001");
            TelemetryUnavailable e = assertThrows(TelemetryUnavailable.class, () -> source(session).read(Duration.ofMinutes(5)));
            assertTrue(e.getMessage().startsWith("none of the 2 dcgm-exporter pods answered through the API server's pod proxy: "
                    + "error trying to reach service: dial tcp "), e.getMessage());
        }
    }
}
