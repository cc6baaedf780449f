package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.app.telemetry.TelemetryUnavailable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Prometheus source against a real Prometheus holding {@link TestFleet}'s hour of dcgm-exporter series. */
@ExtendWith(RealPrometheus.class)
class PrometheusSourceRealTest {

    private static final Duration TEN_MINUTES = Duration.ofMinutes(10);

    static PrometheusSource source(RealPrometheus.Loaded p) throws Exception {
        DirectTransport t = new DirectTransport(PrometheusSettings.of(p.server().url()), Duration.ofSeconds(20),
                PrometheusTransport.MAX_ANSWER_BYTES);
        return new PrometheusSource(new PrometheusClient(t, Duration.ofSeconds(20)), TestFleet.mapping(),
                Clock.fixed(p.end(), ZoneOffset.UTC), true);
    }

    /** The same source, its queries sent {@code inFlight} at a time. */
    private static PrometheusSource source(RealPrometheus.Loaded p, int inFlight) throws Exception {
        DirectTransport t = new DirectTransport(PrometheusSettings.of(p.server().url()), Duration.ofSeconds(20),
                PrometheusTransport.MAX_ANSWER_BYTES);
        return new PrometheusSource(new PrometheusClient(t, Duration.ofSeconds(20)), TestFleet.mapping(),
                Clock.fixed(p.end(), ZoneOffset.UTC), true, inFlight);
    }

    private static Map<String, GpuSignals> byKey(TelemetryFrame f) {
        return f.gpus().stream().collect(Collectors.toMap(g -> g.placement().key(), g -> g));
    }

    @Test
    void queriesSentFourAtOnceReadTheSameFrameAsOneAfterAnother(RealPrometheus.Loaded p) throws Exception {
        TelemetryFrame oneByOne = source(p, 1).read(TEN_MINUTES);
        TelemetryFrame fourAtOnce = source(p, PrometheusSource.IN_FLIGHT).read(TEN_MINUTES);
        assertFalse(oneByOne.gpus().isEmpty());
        assertEquals(oneByOne.gpus(), fourAtOnce.gpus());
        assertEquals(oneByOne.problems(), fourAtOnce.problems());
        assertEquals(oneByOne.unplaced(), fourAtOnce.unplaced());
    }

    @Test
    void theServerSaysItsVersion(RealPrometheus.Loaded p) throws Exception {
        String version = source(p).serverVersion();
        assertTrue(version != null && version.startsWith("2.42"), "the installed Prometheus is 2.42: " + version);
    }

    @Test
    void aBusyAndAnIdleGpuReadAsTheyAre(RealPrometheus.Loaded p) throws Exception {
        Map<String, GpuSignals> gpus = byKey(source(p).read(TEN_MINUTES));
        GpuSignals busy = gpus.get("dgx-raw-0/0");
        assertEquals(TestFleet.BUSY, busy.value(DcgmField.GPU_UTIL));
        assertEquals(TestFleet.ENGINE * 100, busy.utilPercent(), 1e-9, "the engine's activity where profiling is on");
        assertEquals(71234, busy.value(DcgmField.FB_USED));
        assertEquals(612.5, busy.value(DcgmField.POWER_USAGE));
        assertEquals("llm-0", busy.placement().pod());
        assertEquals(DcgmOpenMetrics.uuid(0, 0), busy.placement().uuid());
        assertEquals(DcgmOpenMetrics.MODEL, busy.placement().model());

        GpuSignals idle = gpus.get("dgx-raw-0/1");
        assertEquals(0, idle.value(DcgmField.GPU_UTIL));
        assertEquals(0, idle.utilPercent());
        assertEquals(0, idle.utilMaxOverWindow());
        assertFalse(idle.placement().hasWorkload());

        GpuSignals noProfiling = gpus.get("dgx-raw-1/0");
        assertFalse(noProfiling.has(DcgmField.GR_ENGINE_ACTIVE), "profiling off on that node: no series");
        assertEquals(TestFleet.BUSY, noProfiling.utilPercent(), "GPU_UTIL where there is no engine activity");
        // Fields a default dcgm-exporter does not export are absent, not zero and not a problem.
        assertFalse(busy.has(DcgmField.ECC_DBE_VOL_TOTAL));
        assertTrue(Double.isNaN(busy.value(DcgmField.NVLINK_REPLAY_ERRORS)));
    }

    @Test
    void theWindowsMaximumShowsAGpuIdleForTheLastTenMinutes(RealPrometheus.Loaded p) throws Exception {
        PrometheusSource s = source(p);
        GpuSignals stalled = byKey(s.read(TEN_MINUTES)).get("dgx-raw-0/2");
        assertEquals(0, stalled.utilPercent(), "idle now");
        assertEquals(0, stalled.utilMaxOverWindow(), "and for the whole ten minutes");
        assertEquals("llm-0", stalled.placement().pod(), "while its workload still holds it");
        GpuSignals longer = byKey(s.read(Duration.ofMinutes(20))).get("dgx-raw-0/2");
        assertEquals(TestFleet.ENGINE * 100, longer.utilMaxOverWindow(), 1e-9, "busy 11 minutes ago: inside 20 minutes");
        GpuSignals noProfiling = byKey(s.read(Duration.ofMinutes(20))).get("dgx-raw-1/0");
        assertEquals(TestFleet.BUSY + 4, noProfiling.utilMaxOverWindow(), "GPU_UTIL's highest, 99, where no engine series");
    }

    @Test
    void aChangedXidIsSeenAndAnOldOneIsNot(RealPrometheus.Loaded p) throws Exception {
        Map<String, GpuSignals> gpus = byKey(source(p).read(TEN_MINUTES));
        GpuSignals fresh = gpus.get("dgx-sm-0/3");
        assertTrue(fresh.xidChanged(), "0 → 79 five minutes ago");
        assertEquals(79, fresh.value(DcgmField.XID_ERRORS));
        GpuSignals old = gpus.get("dgx-sm-0/4");
        assertFalse(old.xidChanged(), "43 since fifty minutes ago: not within the window");
        assertEquals(43, old.value(DcgmField.XID_ERRORS));
        assertEquals(List.of("dgx-raw-0/3", "dgx-raw-1/3", "dgx-sm-0/3", "dgx-sm-1/3"),
                gpus.values().stream().filter(GpuSignals::xidChanged).map(g -> g.placement().key()).sorted().toList());
    }

    @Test
    void bothLabelShapesPlaceEveryGpuOnItsNodeOnce(RealPrometheus.Loaded p) throws Exception {
        TelemetryFrame f = source(p).read(TEN_MINUTES);
        Map<String, List<String>> uuidsByNode = f.gpus().stream().collect(Collectors.groupingBy(
                g -> g.placement().node(), Collectors.mapping(g -> g.placement().uuid(), Collectors.toList())));
        assertEquals(TestFleet.CLUSTER_NODES, uuidsByNode.keySet());
        for (DcgmOpenMetrics.Node n : TestFleet.NODES.subList(0, 4)) {
            List<String> expected = java.util.stream.IntStream.range(0, 8).mapToObj(g -> DcgmOpenMetrics.uuid(n.index(), g))
                    .toList();
            assertEquals(expected, uuidsByNode.get(n.name()), n.name() + ": its 8 GPUs, once each (dgx-sm-0 is "
                    + "scraped by two jobs)");
        }
        Map<String, GpuSignals> gpus = byKey(f);
        assertEquals("training", gpus.get("dgx-sm-0/0").placement().podNamespace(), "the workload from exported_*");
        assertEquals("llm-2", gpus.get("dgx-sm-0/0").placement().pod());
        assertNull(gpus.get("dgx-sm-0/1").placement().pod(), "an idle GPU's pod label is the exporter, not a workload");
        assertNull(gpus.get("dgx-sm-1/7").placement().pod());
        assertEquals(8, f.unplaced(), "the ghost node's GPUs: an exporter the cluster does not know");
        assertEquals(1, f.problems().size(), f.problems().toString());
        assertTrue(f.problems().getFirst().startsWith("8 GPU series could be put on no node"), f.problems().toString());
        assertTrue(f.source().startsWith("Prometheus at " + p.server().url().toString().replaceAll("/$", "")), f.source());
    }

    @Test
    void aPrometheusThatIsDownIsUnavailableInOneLine() throws Exception {
        int port = PrometheusServer.freePort("127.0.0.1");
        DirectTransport t = new DirectTransport(PrometheusSettings.of(URI.create("http://127.0.0.1:" + port)),
                Duration.ofSeconds(5), PrometheusTransport.MAX_ANSWER_BYTES);
        PrometheusSource s = new PrometheusSource(new PrometheusClient(t, Duration.ofSeconds(5)), TestFleet.mapping(),
                Clock.systemUTC(), false);
        TelemetryUnavailable e = assertThrows(TelemetryUnavailable.class, () -> s.read(TEN_MINUTES));
        assertEquals("Prometheus at http://127.0.0.1:" + port + " (settings): connection refused: is it up, and is the "
                + "URL's port right?", e.getMessage());
    }
}
