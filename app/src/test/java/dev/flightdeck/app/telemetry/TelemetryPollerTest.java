package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.settings.StallThresholds;

import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.model.GpuTelemetryFindings;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static dev.flightdeck.app.telemetry.Frames.NOW;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * One refresh: the source is found once and kept, the frame judged, the findings handed to the model, the history
 * recorded; a source that stops answering withdraws the findings (stale telemetry must not keep a gang stalled) and is
 * looked for again.
 */
class TelemetryPollerTest {

    @Test
    void aRefreshJudgesAndAFailedOneWithdrawsTheFindings() {
        AtomicReference<TelemetryFrame> served = new AtomicReference<>(Frames.frame(Frames.gangGpus("hung", 2, 0, 1, -1, 0)));
        List<String> found = new ArrayList<>();
        TelemetrySource source = new TelemetrySource() {
            @Override
            public String describe() {
                return "a test Prometheus";
            }

            @Override
            public TelemetryFrame read(Duration window) throws TelemetryUnavailable {
                TelemetryFrame f = served.get();
                if (f == null) {
                    throw new TelemetryUnavailable("the test Prometheus at http://127.0.0.1:9 refused the connection");
                }
                return f;
            }
        };
        List<GpuTelemetryFindings> model = new ArrayList<>();
        TelemetryPoller poller = new TelemetryPoller(() -> {
            found.add("looked");
            return source;
        }, new TelemetryJudge(StallThresholds.DEFAULTS), () -> List.of(Frames.runningGang("hung", 2)), model::add,
                Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(30));

        TelemetrySummary s = poller.readOnce();
        assertEquals(1, s.stalledGangs());
        assertEquals(16, s.gpus());
        assertEquals(16, s.idleAllocated());
        assertEquals(GangVerdict.STALLED, model.getLast().gangs().values().iterator().next().verdict());
        assertArrayEquals(new byte[]{0}, poller.history().of("gpu-node-000/3"));
        poller.readOnce();
        assertEquals(List.of("looked"), found, "the source is found once and kept");

        served.set(null);
        TelemetrySummary down = poller.readOnce();
        assertEquals("the test Prometheus at http://127.0.0.1:9 refused the connection", down.error());
        assertEquals(GpuTelemetryFindings.NONE, model.getLast(), "the findings are withdrawn");
        assertNull(poller.latestFrame());
        served.set(Frames.frame(Frames.gangGpus("hung", 2, 0, 1, -1, 0)));
        poller.readOnce();
        assertEquals(List.of("looked", "looked"), found, "looked for again after it failed");
        assertArrayEquals(new byte[]{0, 0, GpuUtilHistory.MISSING, 0}, poller.history().of("gpu-node-000/3"),
                "a refresh without a frame is a gap in the history");
    }
}
