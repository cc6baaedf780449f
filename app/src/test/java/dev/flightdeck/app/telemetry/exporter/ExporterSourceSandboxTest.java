package dev.flightdeck.app.telemetry.exporter;

import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reading a 16-node sandbox's GPUs from its dcgm-exporters, as the console does on a cluster with no Prometheus: one
 * LIST, one scrape per node through the pod proxy and the cluster's request budget, every GPU placed on its node with
 * the rank that holds it. The sandbox runs llm-pretrain's ranks 0–15 on nodes 0–15, 8 GPUs each; node 13 has an Xid 79
 * on GPU 5 (off the bus, idle), node 7 a GPU the device plugin withdrew (Xid 48).
 */
class ExporterSourceSandboxTest {

    private static SandboxSession s;
    private static ExporterSource source;
    private static TelemetryFrame frame;
    private static Map<String, GpuSignals> byKey;

    @BeforeAll
    static void read() throws Exception {
        s = SandboxSession.open(16);
        source = new ExporterSource(new KubeRest(s.session.connection().api()), ModelLocators.pods(s.session),
                ModelLocators.nodes(s.session), ExporterSource.DEFAULT_IN_FLIGHT, Clock.systemUTC());
        frame = source.read(Duration.ofMinutes(10));
        byKey = frame.gpus().stream().collect(Collectors.toMap(g -> g.placement().key(), Function.identity()));
    }

    @AfterAll
    static void stop() {
        s.close();
    }

    private static String node(int i) {
        return String.format("gpu-node-%03d", i);
    }

    @Test
    void everyGpuOfEveryNodeIsPlacedOnItsNode() {
        Set<String> expected = new TreeSet<>();
        IntStream.range(0, 16).forEach(n -> IntStream.range(0, 8).forEach(g -> expected.add(node(n) + "/" + g)));
        assertEquals(expected, new TreeSet<>(byKey.keySet()));
        assertEquals(0, frame.unplaced());
        assertEquals(frame.gpus().size(), frame.gpus().stream().map(g -> g.placement().uuid()).distinct().count(), "one UUID each");
        assertTrue(frame.gpus().stream().allMatch(g -> g.placement().model().equals("NVIDIA H100 80GB HBM3")));
        assertTrue(frame.problems().isEmpty(), frame.problems().toString());
        assertEquals("dcgm-exporter pods in gpu-operator (app=nvidia-dcgm-exporter), scraped through the API server's pod proxy",
                source.describe());
        assertEquals(source.describe(), frame.source());
        assertEquals(Duration.ofMinutes(10), frame.window());
    }

    @Test
    void eachRankPodsGpusAreMappedToIt() {
        for (int n = 0; n < 16; n++) {
            int rank = n;
            PodFacts pod = s.session.fleet().podsOn(node(n)).stream()
                    .filter(p -> "llm-pretrain".equals(p.labels().get("batch.kubernetes.io/job-name"))
                            && Integer.toString(rank).equals(p.labels().get("batch.kubernetes.io/job-completion-index")))
                    .findFirst().orElseThrow();
            for (int g = 0; g < 8; g++) {
                GpuSignals gpu = byKey.get(node(n) + "/" + g);
                assertEquals("training", gpu.placement().podNamespace());
                assertEquals(pod.name(), gpu.placement().pod(), gpu.placement().key());
                assertEquals(pod.nodeName(), gpu.placement().node());
            }
        }
    }

    @Test
    void theSignalsAreTheExportersValuesWithNoHistory() {
        GpuSignals busy = byKey.get(node(0) + "/3");
        assertTrue(busy.utilPercent() > 75, "util " + busy.utilPercent());
        assertTrue(busy.value(DcgmField.GPU_UTIL) >= 85);
        assertTrue(busy.value(DcgmField.FB_USED) > 60_000);
        assertEquals(1_980, busy.value(DcgmField.MAX_SM_CLOCK));
        assertEquals(DcgmField.values().length, busy.values().size(), "every field the console reads, nothing else");
        assertTrue(Double.isNaN(busy.utilMaxOverWindow()), "one scrape has no window");
        assertFalse(busy.xidChanged());

        GpuSignals offTheBus = byKey.get(node(13) + "/5");
        assertEquals(79, offTheBus.value(DcgmField.XID_ERRORS));
        assertEquals(0, offTheBus.utilPercent());
        assertEquals(0, byKey.get(node(13) + "/4").value(DcgmField.XID_ERRORS));
        // The GPU the device plugin withdrew: its health check took it out, DCGM tells no error of it.
        assertEquals(0, byKey.get(node(7) + "/7").value(DcgmField.XID_ERRORS));
        assertEquals(0, byKey.get(node(7) + "/7").value(DcgmField.ECC_DBE_VOL_TOTAL));
    }

    @Test
    void oneListAndOneScrapePerNodeAtMostEightAtOnce() {
        ExporterReadFigures f = source.lastRead();
        assertEquals(16, f.exporters());
        assertEquals(16, f.answered());
        assertEquals(17, f.requests(), "one LIST page and a scrape per exporter");
        assertTrue(f.peakInFlight() >= 1 && f.peakInFlight() <= ExporterSource.DEFAULT_IN_FLIGHT, "peak " + f.peakInFlight());
        assertTrue(f.bytes() > 16 * 40_000, "each node's whole exposition was read: " + f.bytes());
        assertTrue(s.sandbox.requests().total("PROXY") >= 16);
    }
}
