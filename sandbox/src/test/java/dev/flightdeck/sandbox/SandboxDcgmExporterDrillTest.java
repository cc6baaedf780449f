package dev.flightdeck.sandbox;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A drill's sandbox has the exporters too, each GPU labelled with the rank that holds it (two 4-GPU ranks to a node),
 * and the drill throws the GPU faults over the control surface. ("halves" is stalled by one test: only its labels are
 * asked for elsewhere.)
 */
class SandboxDcgmExporterDrillTest {

    private static final String UTIL = "DCGM_FI_DEV_GPU_UTIL";
    private static SandboxCluster sandbox;

    @BeforeAll
    static void start() {
        sandbox = SandboxCluster.startForDrill(4, List.of(
                new SandboxCluster.DrillGang("training", "halves", 4, 4, Duration.ofMinutes(30), Instant.now().minusSeconds(600), 100),
                new SandboxCluster.DrillGang("training", "wholes", 2, 8, Duration.ofMinutes(30), Instant.now().minusSeconds(600), 100)));
        dev.flightdeck.testkit.TestSecrets.remember(sandbox.controlToken());
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static String node(int i) {
        return ClusterSeeder.nodeName(i, 4);
    }

    private static String rank(String gang, int index) throws Exception {
        return sandbox.store().list("pods", "training", l -> gang.equals(l.get("batch.kubernetes.io/job-name"))
                && Integer.toString(index).equals(l.get("batch.kubernetes.io/job-completion-index")))
                .getFirst().path("metadata").path("name").asText();
    }

    private static int post(String path, String body) throws Exception {
        return SandboxControlSurfaceTest.send(sandbox, "POST", path, body, sandbox.controlToken()).statusCode();
    }

    @Test
    void eachGpuCarriesTheRankThatHoldsIt() throws Exception {
        assertEquals(4, sandbox.store().list("pods", "gpu-operator", l -> SandboxDcgmExporter.DAEMON_SET.equals(l.get("app"))).size());
        ExporterScrape first = ExporterScrape.metrics(sandbox, node(0));
        for (int g = 0; g < 8; g++) {
            assertEquals(rank("halves", g < 4 ? 0 : 1), first.sample(UTIL, g).label("pod"), "GPU " + g);
        }
        ExporterScrape third = ExporterScrape.metrics(sandbox, node(2));
        for (int g = 0; g < 8; g++) {
            assertEquals(rank("wholes", 0), third.sample(UTIL, g).label("pod"));
            assertTrue(third.value(UTIL, g) >= 85);
        }
    }

    @Test
    void theDrillThrowsGpuFaultsOverItsControlSurface() throws Exception {
        assertEquals(200, post("/gpus/throttles", "{\"node\":\"" + node(3) + "\",\"gpu\":2}"));
        assertEquals(200, post("/gpus/row-remap-failures", "{\"node\":\"" + node(3) + "\",\"gpu\":3}"));
        assertEquals(200, post("/gpus/double-bit-errors", "{\"node\":\"" + node(3) + "\",\"gpu\":4}"));
        ExporterScrape s = ExporterScrape.metrics(sandbox, node(3));
        assertTrue(s.value("DCGM_FI_DEV_SM_CLOCK", 2) < 1_200);
        assertEquals(1, s.value("DCGM_FI_DEV_ROW_REMAP_FAILURE", 3));
        assertEquals(1, s.value("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", 4));
        assertEquals(400, post("/gpus/throttles", "{\"node\":\"" + node(3) + "\",\"gpu\":9}"));
        assertEquals(400, post("/gpus/double-bit-errors", "{\"node\":\"nowhere\",\"gpu\":1}"));
        assertEquals(400, post("/gpus/stalls", "{\"namespace\":\"training\",\"gang\":\"nobody\"}"));
    }

    @Test
    void aStalledGangsRanksStayRunningWithTheirGpusIdle() throws Exception {
        assertEquals(200, post("/gpus/stalls", "{\"namespace\":\"training\",\"gang\":\"halves\"}"));
        for (int n = 0; n < 2; n++) {
            ExporterScrape stalled = ExporterScrape.metrics(sandbox, node(n));
            for (int g = 0; g < 8; g++) {
                assertEquals(0, stalled.value(UTIL, g));
                assertTrue(stalled.sample(UTIL, g).label("pod").startsWith("halves-"));
            }
        }
        assertTrue(sandbox.store().list("pods", "training", l -> "halves".equals(l.get("batch.kubernetes.io/job-name")))
                .stream().allMatch(p -> p.path("status").path("phase").asText().equals("Running")));
    }
}
