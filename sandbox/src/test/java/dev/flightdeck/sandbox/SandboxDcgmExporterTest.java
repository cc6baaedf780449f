package dev.flightdeck.sandbox;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The standard sandbox's dcgm-exporters behind the API server's pod proxy: one per GPU node, each answering its eight
 * GPUs with the exporter's series and labels; a running rank's GPUs busy, a halted gang's idle, a node's standing
 * trouble in its counters; what the proxy cannot reach answered as kube-apiserver does; and the drills' GPU faults.
 * The 64 nodes hold llm-pretrain on nodes 0–31 (30 and 31 gated: no rank runs there), rlhf-actor on 32–47 (halted:
 * its rank 5, on node 37, failed), eval-sweep on 48–55 and the mixed gangs on 56–63.
 */
class SandboxDcgmExporterTest {

    private static final String UTIL = "DCGM_FI_DEV_GPU_UTIL";
    private static SandboxCluster sandbox;

    @BeforeAll
    static void start() {
        sandbox = SandboxCluster.startQuiet(64);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static String node(int i) {
        return ClusterSeeder.nodeName(i, 64);
    }

    @Test
    void everyGpuNodeHasOneRunningExporterPodOfTheOperatorsDaemonSet() throws Exception {
        var pods = sandbox.store().list("pods", "gpu-operator", l -> SandboxDcgmExporter.DAEMON_SET.equals(l.get("app")));
        assertEquals(64, pods.size());
        assertEquals(64, pods.stream().map(p -> p.path("spec").path("nodeName").asText()).distinct().count());
        assertTrue(pods.stream().allMatch(p -> p.path("status").path("phase").asText().equals("Running")
                && p.path("spec").path("containers").path(0).path("ports").path(0).path("containerPort").asInt() == 9400
                && p.path("metadata").path("ownerReferences").path(0).path("kind").asText().equals("DaemonSet")));
        assertEquals("nvidia-dcgm-exporter", sandbox.store().get("apps/daemonsets", "gpu-operator", "nvidia-dcgm-exporter")
                .path("spec").path("selector").path("matchLabels").path("app").asText());
    }

    @Test
    void eightGpusPerSeriesLabelledAsTheExporterWritesThem() throws Exception {
        ExporterScrape s = ExporterScrape.metrics(sandbox, node(0));
        assertEquals(200, s.status());
        assertEquals(Arrays.stream(DcgmSeries.values()).map(d -> d.metric).toList(), s.help(), "a HELP line per series, in order");
        assertEquals(s.help(), s.types());
        assertEquals(DcgmSeries.values().length, s.series().size());
        s.series().forEach((name, samples) -> assertEquals(8, samples.size(), name));

        String rank = sandbox.store().list("pods", "training", l -> "llm-pretrain".equals(l.get("batch.kubernetes.io/job-name"))
                && "0".equals(l.get("batch.kubernetes.io/job-completion-index"))).getFirst().path("metadata").path("name").asText();
        ExporterScrape.Sample gpu3 = s.sample(UTIL, 3);
        assertEquals(List.of("gpu", "UUID", "pci_bus_id", "device", "modelName", "Hostname", "DCGM_FI_DRIVER_VERSION",
                "container", "namespace", "pod"), List.copyOf(gpu3.labels().keySet()), "the exporter's label order");
        assertEquals(DcgmExposition.uuid(node(0), 3), gpu3.label("UUID"));
        assertTrue(gpu3.label("UUID").matches("GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"));
        assertEquals("nvidia3", gpu3.label("device"));
        assertEquals("NVIDIA H100 80GB HBM3", gpu3.label("modelName"));
        assertEquals(node(0), gpu3.label("Hostname"));
        assertEquals("570.124.06", gpu3.label("DCGM_FI_DRIVER_VERSION"));
        assertEquals(List.of("trainer", "training", rank), List.of(gpu3.label("container"), gpu3.label("namespace"), gpu3.label("pod")));
        ExporterScrape.Sample xid = s.sample("DCGM_FI_DEV_XID_ERRORS", 3);
        assertEquals(List.of("container", "err_code", "err_msg", "namespace", "pod"),
                List.copyOf(xid.labels().keySet()).subList(7, 12), "attributes sorted by name");
        assertEquals("No Error", xid.label("err_msg"));
        assertTrue(s.body().contains("DCGM_FI_DEV_POWER_USAGE{gpu=\"0\""), "samples start with the gpu label");
        assertTrue(s.body().lines().filter(l -> l.startsWith("DCGM_FI_DEV_POWER_USAGE{")).allMatch(l -> l.matches(".* \\d+\\.\\d{6}")),
                "a double is written with six decimals, as Go's %f");
    }

    @Test
    void aRunningRanksGpusAreBusyAndAHaltedGangsIdleButHeld() throws Exception {
        ExporterScrape busy = ExporterScrape.metrics(sandbox, node(0));
        for (int g = 0; g < 8; g++) {
            assertTrue(busy.value(UTIL, g) >= 85 && busy.value(UTIL, g) <= 99, "util " + busy.value(UTIL, g));
            assertTrue(busy.value("DCGM_FI_DEV_POWER_USAGE", g) > 500);
            assertTrue(busy.value("DCGM_FI_DEV_FB_USED", g) > 60_000);
            assertTrue(busy.value("DCGM_FI_PROF_GR_ENGINE_ACTIVE", g) > 0.75);
            assertTrue(busy.value("DCGM_FI_DEV_SM_CLOCK", g) > 1_700);
            assertEquals(1_980, busy.value("DCGM_FI_DEV_MAX_SM_CLOCK", g));
        }
        ExporterScrape halted = ExporterScrape.metrics(sandbox, node(32));
        ExporterScrape failedRanksNode = ExporterScrape.metrics(sandbox, node(37));
        ExporterScrape gated = ExporterScrape.metrics(sandbox, node(30));
        for (int g = 0; g < 8; g++) {
            assertEquals(0, halted.value(UTIL, g), "a halted gang's surviving rank waits on a collective");
            assertEquals(0, halted.value("DCGM_FI_PROF_GR_ENGINE_ACTIVE", g));
            assertTrue(halted.value("DCGM_FI_DEV_FB_USED", g) > 60_000, "its memory still held");
            assertTrue(halted.sample(UTIL, g).label("pod").startsWith("rlhf-actor-0-"));
            assertEquals(0, failedRanksNode.value(UTIL, g));
            assertEquals("", failedRanksNode.sample(UTIL, g).label("pod"), "a failed rank holds no GPU");
            assertEquals(0, failedRanksNode.value("DCGM_FI_DEV_FB_USED", g));
            assertEquals(0, gated.value(UTIL, g));
            assertTrue(gated.value("DCGM_FI_DEV_POWER_USAGE", g) < 80);
        }
        long slot = java.time.Instant.now().getEpochSecond() / 10;
        ExporterScrape first = ExporterScrape.metrics(sandbox, node(1));
        ExporterScrape again = ExporterScrape.metrics(sandbox, node(1));
        if (java.time.Instant.now().getEpochSecond() / 10 == slot) {
            assertEquals(first.body(), again.body(), "the same GPU in the same ten seconds reads the same");
        }
        assertTrue(first.value(UTIL, 0) != first.value(UTIL, 1) || first.value(UTIL, 1) != first.value(UTIL, 2)
                || first.value(UTIL, 2) != first.value(UTIL, 3), "noise from one GPU to the next");
    }

    @Test
    void aNodesStandingTroubleShowsInItsCounters() throws Exception {
        ExporterScrape xidNode = ExporterScrape.metrics(sandbox, node(SandboxTrouble.XID));
        ExporterScrape.Sample xid = xidNode.sample("DCGM_FI_DEV_XID_ERRORS", 5);
        assertEquals(79, xid.value());
        assertEquals("79", xid.label("err_code"));
        assertEquals("GPU has fallen off the bus", xid.label("err_msg"));
        assertEquals("00000000:9B:00.0", xid.label("pci_bus_id"), "the PCI address the node's condition names");
        assertEquals(0, xidNode.value(UTIL, 5), "a GPU off the bus does no work");
        assertEquals(0, xidNode.value("DCGM_FI_DEV_XID_ERRORS", 4));
        assertTrue(xidNode.value(UTIL, 4) >= 85);

        ExporterScrape withdrawn = ExporterScrape.metrics(sandbox, node(SandboxTrouble.WITHDRAWN));
        // The device plugin's health check withdrew it: DCGM has no error to tell (a node degraded, not distrusted).
        assertEquals(0, withdrawn.value("DCGM_FI_DEV_XID_ERRORS", 7), "the GPU the device plugin withdrew");
        assertEquals(0, withdrawn.value("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", 7));

        ExporterScrape nvlink = ExporterScrape.metrics(sandbox, node(SandboxTrouble.NVLINK));
        assertTrue(nvlink.value("DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL", 2) >= 1_200);
        assertEquals(0, nvlink.value("DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL", 3));

        ExporterScrape down = ExporterScrape.metrics(sandbox, node(SandboxTrouble.NOT_READY));
        assertEquals(503, down.status(), "its host is down: the proxy's dial times out");
        assertTrue(down.body().contains("\"reason\":\"ServiceUnavailable\"") && down.body().contains("i/o timeout"), down.body());
    }

    @Test
    void theProxyAnswersAsKubeApiserverDoesForWhatItCannotReach() throws Exception {
        String exporter = ExporterScrape.exporterOn(sandbox, node(1));
        assertEquals(200, ExporterScrape.get(sandbox, exporter, "/metrics").status(), "no port: the pod's first port");
        assertEquals(200, ExporterScrape.get(sandbox, "http:" + exporter + ":9400", "/metrics").status());
        assertEquals(200, ExporterScrape.get(sandbox, exporter + "%3A9400", "/metrics").status(), "an encoded colon");
        ExporterScrape wrongPort = ExporterScrape.get(sandbox, exporter + ":9100", "/metrics");
        assertEquals(503, wrongPort.status());
        assertTrue(wrongPort.body().contains("connection refused"), wrongPort.body());
        assertEquals(404, ExporterScrape.get(sandbox, exporter + ":9400", "/other").status());
        ExporterScrape missing = ExporterScrape.get(sandbox, "nvidia-dcgm-exporter-nosuch:9400", "/metrics");
        assertEquals(404, missing.status());
        assertTrue(missing.body().contains("not found"), missing.body());
        String notAnExporter = sandbox.store().findPodName("gpu-operator", "gpu-feature-discovery", node(1));
        assertEquals(503, ExporterScrape.get(sandbox, notAnExporter + ":9400", "/metrics").status());
        assertTrue(sandbox.requests().total("PROXY") >= 6);
    }

    @Test
    void aStalledGangKeepsRunningWithItsGpusAtZero() throws Exception {
        sandbox.gpuFaults().stallGang("training", "eval-sweep");
        ExporterScrape stalled = ExporterScrape.metrics(sandbox, node(48));
        for (int g = 0; g < 8; g++) {
            assertEquals(0, stalled.value(UTIL, g));
            assertEquals(0, stalled.value("DCGM_FI_PROF_GR_ENGINE_ACTIVE", g));
            assertTrue(stalled.value("DCGM_FI_DEV_FB_USED", g) > 60_000);
            assertTrue(stalled.sample(UTIL, g).label("pod").startsWith("eval-sweep-0-"));
            assertEquals(0, stalled.value("DCGM_FI_DEV_XID_ERRORS", g), "nothing else says anything");
        }
        assertTrue(sandbox.store().list("pods", "training", l -> "eval-sweep".equals(l.get("batch.kubernetes.io/job-name")))
                .stream().allMatch(p -> p.path("status").path("phase").asText().equals("Running")), "every rank still Running");
        assertTrue(ExporterScrape.metrics(sandbox, node(29)).value(UTIL, 0) >= 85, "another gang runs on");
        assertThrows(IllegalArgumentException.class, () -> sandbox.gpuFaults().stallGang("training", "no-such-gang"));

        // A restart replaces rank 1's pod by a new one (a new UID): the stall caught the old one, the new one runs.
        String rank1 = stalled(49).sample(UTIL, 0).label("pod");
        var pod = sandbox.store().get("pods", "training", rank1);
        sandbox.store().delete("pods", "training", rank1);
        pod.with("metadata").remove(List.of("uid", "resourceVersion", "creationTimestamp"));
        sandbox.store().create("pods", pod);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (stalled(49).value(UTIL, 0) == 0 && System.nanoTime() < deadline) {
            Thread.sleep(50); // the exporters see the pods as they were up to a quarter of a second ago
        }
        assertTrue(stalled(49).value(UTIL, 0) >= 85, "the restarted rank runs");
        assertEquals(0, stalled(51).value(UTIL, 0), "rank 3, still the stalled one, does not");
    }

    private static ExporterScrape stalled(int node) throws Exception {
        return ExporterScrape.metrics(sandbox, node(node));
    }

    @Test
    void throttleRowRemapDoubleBitAndSilenceEachShowWhereTheySay() throws Exception {
        sandbox.gpuFaults().throttle(node(2), 1);
        sandbox.gpuFaults().failRowRemap(node(3), 6);
        sandbox.gpuFaults().doubleBitError(node(3), 4);
        sandbox.gpuFaults().doubleBitError(node(3), 4);
        ExporterScrape two = ExporterScrape.metrics(sandbox, node(2));
        assertTrue(two.value("DCGM_FI_DEV_SM_CLOCK", 1) < 0.6 * two.value("DCGM_FI_DEV_MAX_SM_CLOCK", 1));
        assertTrue(two.value("DCGM_FI_DEV_GPU_TEMP", 1) >= 87);
        assertTrue(two.value(UTIL, 1) >= 85, "throttled while busy");
        assertTrue(two.value("DCGM_FI_DEV_SM_CLOCK", 0) > 1_700 && two.value("DCGM_FI_DEV_GPU_TEMP", 0) < 70, "its neighbour is not");
        ExporterScrape three = ExporterScrape.metrics(sandbox, node(3));
        assertEquals(1, three.value("DCGM_FI_DEV_ROW_REMAP_FAILURE", 6));
        assertTrue(three.value("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", 6) > 0);
        assertEquals(0, three.value("DCGM_FI_DEV_ROW_REMAP_FAILURE", 5));
        assertEquals(2, three.value("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", 4));
        assertEquals(0, three.value("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", 5));

        sandbox.gpuFaults().silenceExporter(node(4));
        assertEquals(503, ExporterScrape.metrics(sandbox, node(4)).status());
        assertEquals(200, ExporterScrape.metrics(sandbox, node(5)).status());
        assertThrows(IllegalArgumentException.class, () -> sandbox.gpuFaults().throttle(node(2), 8));
        assertThrows(IllegalArgumentException.class, () -> sandbox.gpuFaults().doubleBitError("no-such-node", 0));
    }
}
