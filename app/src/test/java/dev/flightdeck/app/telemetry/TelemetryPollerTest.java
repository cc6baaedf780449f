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

    /** A source the test counts reads of; {@code proxied}: its reads go through the API server. */
    private static final class CountedSource implements TelemetrySource {
        private final boolean proxied;
        private int reads;

        CountedSource(boolean proxied) {
            this.proxied = proxied;
        }

        @Override
        public String describe() {
            return proxied ? "dcgm-exporter pods through the API server" : "Prometheus at http://prometheus:9090";
        }

        @Override
        public TelemetryFrame read(Duration window) {
            reads++;
            return Frames.frame(Frames.gangGpus("hung", 2, 0, 1, -1, 0));
        }

        @Override
        public boolean throughApiServer() {
            return proxied;
        }
    }

    @Test
    void whileTheApiServerShedsLoadReadsThroughItArePutOffAndTheLastFindingsStay() {
        CountedSource proxied = new CountedSource(true);
        List<String> looked = new ArrayList<>();
        List<GpuTelemetryFindings> model = new ArrayList<>();
        AtomicReference<String> shedding = new AtomicReference<>("42% of requests rejected by APF in workload-low");
        TelemetryPoller poller = new TelemetryPoller(() -> {
            looked.add("looked");
            return proxied;
        }, new TelemetryJudge(StallThresholds.DEFAULTS), () -> List.of(Frames.runningGang("hung", 2)), model::add,
                Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(30));
        poller.holdWhile(shedding::get);

        TelemetrySummary first = poller.readOnce();
        assertEquals(List.of(), looked, "not even looked for: finding a source reads through the API server too");
        assertEquals("not read at 14:30:00: held while the API server sheds load (42% of requests rejected by APF in "
                + "workload-low)", first.error());
        assertEquals(List.of(), model, "nothing told to the model");

        shedding.set(null);
        assertEquals(16, poller.readOnce().gpus());
        assertEquals(1, proxied.reads);
        shedding.set("the API server answered its metrics request with 429 Too Many Requests");
        TelemetrySummary held = poller.readOnce();
        assertEquals(1, proxied.reads, "put off");
        assertNull(held.error(), "the last figures stay");
        assertEquals(16, held.gpus());
        assertEquals(List.of("not read at 14:30:00: held while the API server sheds load (the API server answered its "
                + "metrics request with 429 Too Many Requests); figures from 14:30:00"), held.problems());
        assertEquals(1, model.size(), "the last findings stay in the model");
    }

    @Test
    void aPrometheusReachedDirectlyIsReadWhileTheApiServerShedsLoad() {
        CountedSource direct = new CountedSource(false);
        TelemetryPoller poller = new TelemetryPoller(() -> direct, new TelemetryJudge(StallThresholds.DEFAULTS),
                () -> List.of(Frames.runningGang("hung", 2)), f -> { }, Clock.fixed(NOW, ZoneOffset.UTC),
                Duration.ofSeconds(30));
        poller.readOnce();
        poller.holdWhile(() -> "42% of requests rejected by APF in workload-low");
        poller.readOnce();
        assertEquals(2, direct.reads);
    }
}
