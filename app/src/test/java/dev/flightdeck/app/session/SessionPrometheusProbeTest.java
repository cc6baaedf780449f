package dev.flightdeck.app.session;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.telemetry.prometheus.PrometheusProbe;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The settings dialog's Test through a connected session: an empty URL looks behind the API server, as the session does. */
class SessionPrometheusProbeTest {

    @Test
    void anEmptyUrlLooksBehindTheApiServerAndAUrlIsReadStraight() throws Exception {
        try (SandboxCluster sandbox = TestSandboxes.remembered(SandboxCluster.startGangLoad(4, 1, 4));
             ClusterSession session = ClusterSessions.openStarted(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(1, TimeUnit.MINUTES), session.health().describe());
            PrometheusProbe.Result looked = session.tryPrometheus(null, Duration.ofMinutes(10));
            // Looked for through the session's connection (the sandbox serves no Services), not "enter its URL".
            assertEquals(new PrometheusProbe.Result(false, "looking for a Prometheus: Services cannot be listed to look for a "
                    + "Prometheus: the server could not find the requested resource"), looked);

            int closed;
            try (ServerSocket s = new ServerSocket(0)) {
                closed = s.getLocalPort();
            }
            URI url = URI.create("http://127.0.0.1:" + closed);
            assertEquals(new PrometheusProbe.Result(false, "Prometheus at " + url + " (settings): connection refused: is it "
                    + "up, and is the URL's port right?"), session.tryPrometheus(PrometheusSettings.of(url), Duration.ofMinutes(10)));
        }
    }
}
