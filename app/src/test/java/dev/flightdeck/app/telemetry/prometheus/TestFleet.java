package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.PodLocator;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.flightdeck.app.telemetry.prometheus.DcgmOpenMetrics.EXPORTER_NAMESPACE;
import static dev.flightdeck.app.telemetry.prometheus.DcgmOpenMetrics.Node;
import static dev.flightdeck.app.telemetry.prometheus.DcgmOpenMetrics.Shape;
import static dev.flightdeck.app.telemetry.prometheus.DcgmOpenMetrics.Workload;

/**
 * The small fleet the real-Prometheus tests read: an hour of two nodes scraped raw, two through a ServiceMonitor (one
 * of them scraped twice), and one whose exporter the cluster does not know. Every node's GPUs follow one script by
 * index, so each test knows its figures:
 * <ul>
 *   <li>GPU 0, 3, 5 with a workload: busy (GPU_UTIL 95 at the end, 95–99 before; GR_ENGINE_ACTIVE 0.9 where
 *       profiling is on);</li>
 *   <li>GPU 2 with a workload: busy until 11 minutes before the end, idle (0) since — a stall;</li>
 *   <li>GPU 3: its last Xid went 0 → 79 five minutes before the end;</li>
 *   <li>GPU 4: Xid 43 since 50 minutes before the end, unchanged since;</li>
 *   <li>every GPU without a workload: idle.</li>
 * </ul>
 */
final class TestFleet {

    static final long SPAN = 3600;
    static final long STEP = 30;
    static final double BUSY = 95;
    static final double ENGINE = 0.9;

    static final Workload LLM0 = new Workload("training", "llm-0", "trainer");
    static final Workload LLM1 = new Workload("training", "llm-1", "trainer");
    static final Workload LLM2 = new Workload("training", "llm-2", "trainer");

    static final List<Node> NODES = List.of(
            new Node("dgx-raw-0", 0, Shape.RAW, "nvidia-dcgm-exporter-r0x7k", "10.8.0.10", true, false,
                    Map.of(0, LLM0, 2, LLM0, 3, LLM0, 5, LLM0)),
            new Node("dgx-raw-1", 1, Shape.RAW, "nvidia-dcgm-exporter-r1p2q", "10.8.0.11", false, false, Map.of(0, LLM1)),
            new Node("dgx-sm-0", 2, Shape.SERVICE_MONITOR, "nvidia-dcgm-exporter-s0b9m", "10.8.0.12", true, true,
                    Map.of(0, LLM2, 2, LLM2, 3, LLM2, 5, LLM2)),
            // Idle throughout: every series carries only the exporter's pod (see ExporterPods).
            new Node("dgx-sm-1", 3, Shape.SERVICE_MONITOR, "gpu-exporter-s1c4d", "10.8.0.13", false, false, Map.of()),
            new Node("ghost", 4, Shape.SERVICE_MONITOR, "nvidia-dcgm-exporter-gh0st", "10.8.0.14", false, false, Map.of()));

    static final Set<String> CLUSTER_NODES = Set.of("dgx-raw-0", "dgx-raw-1", "dgx-sm-0", "dgx-sm-1");

    /** Where the cluster's pods run: the workloads and the exporters, not the ghost's. */
    static final Map<String, String> PODS = Map.of(
            "training/llm-0", "dgx-raw-0", "training/llm-1", "dgx-raw-1", "training/llm-2", "dgx-sm-0",
            EXPORTER_NAMESPACE + "/nvidia-dcgm-exporter-r0x7k", "dgx-raw-0",
            EXPORTER_NAMESPACE + "/nvidia-dcgm-exporter-r1p2q", "dgx-raw-1",
            EXPORTER_NAMESPACE + "/nvidia-dcgm-exporter-s0b9m", "dgx-sm-0",
            EXPORTER_NAMESPACE + "/gpu-exporter-s1c4d", "dgx-sm-1");

    static GpuLabelMapping mapping() {
        PodLocator pods = (ns, pod) -> PODS.get(ns + "/" + pod);
        return new GpuLabelMapping(pods, CLUSTER_NODES::contains);
    }

    static final DcgmOpenMetrics.Script SCRIPT = TestFleet::value;

    static Double value(DcgmField f, Node n, int gpu, long ago) {
        boolean busy = n.workloads().containsKey(gpu) && (gpu != 2 || ago >= 660);
        double util = busy ? BUSY + (ago / STEP) % 5 : 0;
        return switch (f) {
            case GPU_UTIL -> util;
            case GR_ENGINE_ACTIVE -> busy ? ENGINE : 0.0;
            case FB_USED -> n.workloads().containsKey(gpu) ? 71234.0 : 0.0;
            case FB_FREE -> n.workloads().containsKey(gpu) ? 81559.0 - 71234 : 81559.0;
            case GPU_TEMP -> busy ? 66.0 : 31.0;
            case POWER_USAGE -> busy ? 612.5 : 71.25;
            case SM_CLOCK -> busy ? 1980.0 : 345.0;
            case MAX_SM_CLOCK -> 1980.0;
            case XID_ERRORS -> gpu == 3 && ago <= 300 ? 79.0 : gpu == 4 && ago <= 3000 ? 43.0 : 0.0;
            default -> 0.0;
        };
    }

    private TestFleet() {
    }
}
