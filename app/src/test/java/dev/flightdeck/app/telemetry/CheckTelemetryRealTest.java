package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.controlplane.HeadlessCheck;
import dev.flightdeck.app.controlplane.Kubectl;

import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.telemetry.RealGpuWorkloads.Rank;
import dev.flightdeck.app.telemetry.prometheus.BackfilledPrometheus;
import dev.flightdeck.app.telemetry.prometheus.BackfilledPrometheus.GpuNode;
import dev.flightdeck.app.telemetry.prometheus.PrometheusBinaries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 25's acceptance test, with real parts end to end: on the real control plane (kube-apiserver, Job controller,
 * scheduler) with a real Prometheus (backfilled with an hour of dcgm-exporter series as a ServiceMonitor scrapes them),
 * {@code flightdeck check}, run as its own process with a settings file naming that Prometheus, names a stalled gang
 * and leaves a busy one alone, distrusts a node whose GPU failed a row remapping, and says which source it used.
 *
 * <p>Three gangs of two 8-GPU ranks, each rank on a node of its own: "hung", whose GPUs were busy until 20 minutes ago
 * and have idled at 0% since (a hung collective: every pod Running, nothing failed); "busy", at ~95%; "warming", whose
 * pods got their GPUs 3 minutes ago and are still loading (0%, as idle as the GPUs were before them): too young to
 * have stalled for 10 minutes. A seventh GPU node holds no workload; its GPU 5 failed a row remapping 40 minutes ago.
 * Every node runs a dcgm-exporter pod.
 */
@ExtendWith({PrometheusBinaries.class, RealKube.class})
class CheckTelemetryRealTest {

    private static final double BUSY = 95;
    private static final long HUNG_FOR_SECONDS = 20 * 60;
    private static final Duration WARMING_FOR = Duration.ofMinutes(3);
    private static final int REMAP_GPU = 5;

    private static String ns;
    private static Path kubeconfig;
    private static List<Rank> hung;
    private static List<Rank> busy;
    private static List<Rank> warming;
    private static String remapNode;
    private static BackfilledPrometheus prometheus;
    private static HeadlessCheck.Ran check;

    @BeforeAll
    static void fleetAndCheck(RealCluster real, @TempDir Path home) throws Exception {
        kubeconfig = real.plane().adminKubeconfig();
        ns = real.namespace("telemetry");
        hung = RealGpuWorkloads.runningGang(real, ns, "hung", 2);
        busy = RealGpuWorkloads.runningGang(real, ns, "busy", 2);
        warming = RealGpuWorkloads.runningGang(real, ns, "warming", 2);
        remapNode = RealCluster.unique("remap");
        real.kubelet().registerGpuNode(remapNode, 8, Map.of());
        List<GpuNode> nodes = new ArrayList<>();
        for (Rank r : concat(hung, busy)) {
            nodes.add(new GpuNode(r.node(), RealGpuWorkloads.exporterOn(real, r.node()), r.namespace(), r.pod()));
        }
        for (Rank r : warming) {
            nodes.add(new GpuNode(r.node(), RealGpuWorkloads.exporterOn(real, r.node()), r.namespace(), r.pod(),
                    WARMING_FOR));
        }
        nodes.add(new GpuNode(remapNode, RealGpuWorkloads.exporterOn(real, remapNode), null, null));
        // Started once the pods exist (the series name them) and just before check: its source asks for Prometheus's now.
        prometheus = BackfilledPrometheus.start(nodes, CheckTelemetryRealTest::value);
        HeadlessCheck.settings(home, "real", prometheus.url());
        long t0 = System.nanoTime();
        check = HeadlessCheck.run(home, kubeconfig);
        System.err.printf("flightdeck: check with GPU telemetry ran in %.1f s, %d s after the history's end%n",
                (System.nanoTime() - t0) / 1e9, Duration.between(prometheus.end(), Instant.now())
                        .toSeconds());
        System.out.println(check.all());
    }

    @AfterAll
    static void stopPrometheus() {
        if (prometheus != null) {
            prometheus.close();
        }
    }

    /** The hour each GPU lived through, {@code ago} seconds before the history's end. */
    static Double value(DcgmField f, String node, int gpu, long ago) {
        boolean hungNode = nodesOf(hung).contains(node);
        boolean warmingNode = nodesOf(warming).contains(node);
        boolean held = hungNode || nodesOf(busy).contains(node) || warmingNode && ago <= WARMING_FOR.toSeconds();
        double util = !held || warmingNode || hungNode && ago < HUNG_FOR_SECONDS ? 0 : BUSY + (ago / 30) % 4;
        boolean working = util >= 50;
        boolean remapped = node.equals(remapNode) && gpu == REMAP_GPU && ago <= 40 * 60;
        return switch (f) {
            case GPU_UTIL -> util;
            // A hung collective keeps its memory: only the SMs went quiet.
            case FB_USED -> held ? 71234.0 : 0.0;
            case FB_FREE -> held ? 81559.0 - 71234 : 81559.0;
            case GPU_TEMP -> working ? 66.0 : 31.0;
            case POWER_USAGE -> working ? 612.5 : 71.25;
            case SM_CLOCK -> working ? 1980.0 : 345.0;
            case MAX_SM_CLOCK -> 1980.0;
            case ROW_REMAP_FAILURE -> remapped ? 1.0 : 0.0;
            case UNCORRECTABLE_REMAPPED_ROWS -> remapped ? 512.0 : 0.0;
            default -> 0.0;
        };
    }

    @Test
    void theTelemetryLineNamesThePrometheusFromTheSettingsAndCountsItsGpus() {
        assertEquals(0, check.exit(), check.all());
        String line = line("gpu telemetry: ");
        assertTrue(line.startsWith("gpu telemetry: Prometheus at " + prometheus.url() + " (settings) · 56 GPUs · "
                + "32 allocated but idle "), line);
        assertTrue(line.contains(" · 1 stalled gang · 1 node with GPU findings"), line);
    }

    @Test
    void theHungGangIsListedStalledWithItsIdleGpus() {
        String gang = line(ns + "/hung  ");
        assertTrue(gang.startsWith(ns + "/hung  Indexed Job  stalled  ranks 2/2  checkpoint unknown  every rank Running, "
                + "all 16 GPUs under 5% for 10 min (since "), gang);
        assertTrue(gang.contains(": a hung collective? 2.7 GPU-hours burned"), gang);
    }

    @Test
    void theBusyGangAndOneStillStartingGetNoLineOfTheirOwn() {
        // A healthy running gang is only counted in the summary; no line names it, stalled or otherwise.
        assertTrue(check.out().stream().noneMatch(l -> l.startsWith(ns + "/busy")), check.all());
        // Its GPUs were idle all 10 minutes, but it has held them for only 3: idle before it came is not its stall.
        assertTrue(check.out().stream().noneMatch(l -> l.startsWith(ns + "/warming")), check.all());
        assertTrue(check.out().stream().anyMatch(l -> l.startsWith("gangs: ")), check.all());
    }

    @Test
    void theNodeWhoseGpuFailedARowRemappingIsUntrustedAndNoOtherOfOurs() {
        // Node names are padded to the longest flagged one in the cluster, which other tests' nodes decide.
        String node = line(remapNode + " ");
        assertTrue(Pattern.matches(Pattern.quote(remapNode) + " +untrusted +GPU " + REMAP_GPU
                + " failed a row remapping \\(no spare rows left; DCGM\\)", node), node);
        for (String n : concat(concat(nodesOf(hung), nodesOf(busy)), nodesOf(warming))) {
            assertTrue(check.out().stream().noneMatch(l -> l.startsWith(n + " ")), n + " is flagged: " + check.all());
        }
    }

    @Test
    void kubectlSeesTheRanksRunningWhereCheckJudgedThem() throws Exception {
        String kubectl = Kubectl.onPath();
        // CI's machines need not have kubectl; the ranks were already chosen Running by the API server's own answer.
        assumeTrue(kubectl != null, "kubectl is not on the PATH: its second opinion on the ranks is skipped");
        List<String> said = Kubectl.linesIn(kubectl, kubeconfig, ns, "get", "pods", "-o",
                "jsonpath={range .items[*]}{.metadata.name} {.status.phase} {.spec.nodeName}{\"\\n\"}{end}");
        Set<String> expected = concat(concat(hung, busy), warming).stream().map(r -> r.pod() + " Running " + r.node())
                .collect(Collectors.toSet());
        assertEquals(expected, Set.copyOf(said));
    }

    private static String line(String prefix) {
        return check.out().stream().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line starts with \"" + prefix + "\":\n" + check.all()));
    }

    private static Set<String> nodesOf(List<Rank> ranks) {
        return ranks.stream().map(Rank::node).collect(Collectors.toSet());
    }

    private static <T> List<T> concat(Collection<T> a, Collection<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
