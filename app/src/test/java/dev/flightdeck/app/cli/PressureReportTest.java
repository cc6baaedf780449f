package dev.flightdeck.app.cli;

import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.app.pressure.PressureScraper;
import dev.flightdeck.app.pressure.PressureThresholds;
import dev.flightdeck.sandbox.metrics.Episode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pressure section of {@code check} during the sandbox's simulated APF storm and failing readyz check. */
class PressureReportTest {

    @Test
    void stormAndFailingReadinessAreNamedWithValuesAndBounds() throws Exception {
        try (SandboxSession s = SandboxSession.open(8)) {
            PressureScraper p = s.session.pressure();
            s.sandbox.pressure().start(Episode.APF_429_STORM);
            s.sandbox.pressure().start(Episode.READYZ_FAILING);
            p.scrapeNow();
            s.sandbox.pressure().time().advance(Duration.ofSeconds(15));
            List<String> lines = PressureReport.lines(p.scrapeNow(), p.readyz(), p.livez(), p.healthProblem(),
                    PressureThresholds.DEFAULTS);
            assertEquals("api server: API server not ready: etcd failed (+" , lines.get(0).substring(0, 48), lines.get(0));
            assertEquals("readyz: FAILING etcd", lines.get(1));
            assertTrue(lines.get(2).startsWith("livez: ok ("), lines.get(2));
            assertTrue(lines.stream().anyMatch(l -> l.matches("  APF rejected share, worst priority level  \\d+\\.\\d%  red at 5\\.0%  "
                    + ".*rejected by APF in workload-low.*")), String.join("\n", lines));
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("  429 Too Many Requests  ")), String.join("\n", lines));
        }
    }
}
