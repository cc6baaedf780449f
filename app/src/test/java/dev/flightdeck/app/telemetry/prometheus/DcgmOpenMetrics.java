package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.telemetry.DcgmField;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes an hour (or any span) of dcgm-exporter series as OpenMetrics text with timestamps, for
 * {@code promtool tsdb create-blocks-from openmetrics} to backfill a real Prometheus with.
 *
 * <p>Shaped after public captures of dcgm-exporter's {@code /metrics}, not invented:
 * <ul>
 *   <li>labels and their order, raw from the exporter with the Kubernetes mapping on — {@code gpu, UUID, pci_bus_id,
 *       device, modelName, Hostname, DCGM_FI_DRIVER_VERSION, container, namespace, pod}, an idle GPU carrying no
 *       workload labels at all — from the capture in github.com/NVIDIA/dcgm-exporter issue 490 (H100, driver
 *       550.144.03, 2025); {@code Hostname} is the node's name since NVIDIA/dcgm-exporter pull 129 (NODE_NAME);</li>
 *   <li>as kube-prometheus-stack scrapes it through a ServiceMonitor (honorLabels off): the target's {@code pod},
 *       {@code namespace}, {@code container}, {@code endpoint}, {@code service}, {@code job}, {@code instance} win, the
 *       workload's move to {@code exported_*}, and {@code Hostname} is the exporter pod's name — from the captures in
 *       NVIDIA/dcgm-exporter issue 27 and NVIDIA/gpu-operator issue 472 (Hostname="nvidia-dcgm-exporter-57pvc");</li>
 *   <li>HELP texts and which fields are exported by default from NVIDIA/dcgm-exporter etc/default-counters.csv: ECC
 *       and NVLink replay counters are commented out there, so a default install has no series for them, and neither
 *       does this fixture.</li>
 * </ul>
 * dcgm-exporter declares its counters ({@code DCGM_FI_DEV_PCIE_REPLAY_COUNTER}) as {@code counter} in the text
 * format without a {@code _total} suffix, which OpenMetrics does not allow; they are declared {@code unknown} here,
 * which changes nothing Prometheus stores.
 */
final class DcgmOpenMetrics {

    enum Shape { RAW, SERVICE_MONITOR }

    record Workload(String namespace, String pod, String container) {
    }

    /**
     * One GPU node and its exporter pod as the fixture writes them.
     *
     * @param scrapedTwice the exporter is scraped by a second job too (a ServiceMonitor and a PodMonitor)
     * @param workloads    the workload pod per GPU index (absent: idle, no workload labels)
     */
    record Node(String name, int index, Shape shape, String exporterPod, String exporterIp, boolean profiling,
                boolean scrapedTwice, Map<Integer, Workload> workloads) {
    }

    /** A GPU's value of a field at {@code ago} seconds before the end, or null for no sample. */
    @FunctionalInterface
    interface Script {
        Double value(DcgmField field, Node node, int gpu, long ago);
    }

    static final String EXPORTER_NAMESPACE = "gpu-operator";
    static final String MODEL = "NVIDIA H100 80GB HBM3";
    static final String DRIVER = "550.144.03";

    /** The fields a default dcgm-exporter install (plus its DCP profiling file) exports. */
    static boolean exportedByDefault(DcgmField f) {
        return switch (f) {
            case ECC_SBE_VOL_TOTAL, ECC_DBE_VOL_TOTAL, NVLINK_REPLAY_ERRORS, ROW_REMAP_PENDING -> false;
            default -> true;
        };
    }

    private final Writer out;
    private final long endSeconds;
    private final long spanSeconds;
    private final long stepSeconds;

    DcgmOpenMetrics(Writer out, long endSeconds, long spanSeconds, long stepSeconds) {
        this.out = out;
        this.endSeconds = endSeconds;
        this.spanSeconds = spanSeconds;
        this.stepSeconds = stepSeconds;
    }

    /** Every field's family, each GPU's series in time order as the backfill needs, then {@code # EOF}. */
    void writeAll(List<Node> nodes, Script script) throws IOException {
        for (DcgmField f : DcgmField.values()) {
            if (exportedByDefault(f)) {
                family(f, nodes, script);
            }
        }
        out.write("# EOF\n");
    }

    void family(DcgmField f, List<Node> nodes, Script script) throws IOException {
        out.write("# HELP " + f.metric() + " " + help(f) + "\n# TYPE " + f.metric() + " " + type(f) + "\n");
        StringBuilder line = new StringBuilder(512);
        for (Node n : nodes) {
            if (f == DcgmField.GR_ENGINE_ACTIVE && !n.profiling()) {
                continue;
            }
            for (int gpu = 0; gpu < 8; gpu++) {
                for (String labels : labelSets(n, gpu)) {
                    for (long ago = spanSeconds; ago >= 0; ago -= stepSeconds) {
                        Double v = script.value(f, n, gpu, ago);
                        if (v == null) {
                            continue;
                        }
                        line.setLength(0);
                        line.append(f.metric()).append(labels).append(' ').append(number(v)).append(' ')
                                .append(endSeconds - ago).append('\n');
                        out.append(line);
                    }
                }
            }
        }
    }

    /** The series' label sets: one, or two when a second job scrapes the same exporter. */
    static List<String> labelSets(Node n, int gpu) {
        Workload w = n.workloads().get(gpu);
        StringBuilder b = new StringBuilder("{gpu=\"").append(gpu).append("\",UUID=\"").append(uuid(n.index(), gpu))
                .append("\",pci_bus_id=\"00000000:").append(String.format(Locale.ROOT, "%02X", 0x18 + gpu * 0x10))
                .append(":00.0\",device=\"nvidia").append(gpu).append("\",modelName=\"").append(MODEL)
                .append("\",DCGM_FI_DRIVER_VERSION=\"").append(DRIVER).append('"');
        List<String> sets = new ArrayList<>();
        if (n.shape() == Shape.RAW) {
            b.append(",Hostname=\"").append(n.name()).append('"');
            if (w != null) {
                b.append(",container=\"").append(w.container()).append("\",namespace=\"").append(w.namespace())
                        .append("\",pod=\"").append(w.pod()).append('"');
            }
            sets.add(b.append(",job=\"dcgm-exporter\",instance=\"").append(n.exporterIp()).append(":9400\"}").toString());
            return sets;
        }
        b.append(",Hostname=\"").append(n.exporterPod()).append('"');
        if (w != null) {
            b.append(",exported_container=\"").append(w.container()).append("\",exported_namespace=\"")
                    .append(w.namespace()).append("\",exported_pod=\"").append(w.pod()).append('"');
        }
        b.append(",container=\"nvidia-dcgm-exporter\",namespace=\"").append(EXPORTER_NAMESPACE).append("\",pod=\"")
                .append(n.exporterPod()).append("\",instance=\"").append(n.exporterIp()).append(":9400\"");
        String target = b.toString();
        sets.add(target + ",endpoint=\"gpu-metrics\",service=\"nvidia-dcgm-exporter\",job=\"nvidia-dcgm-exporter\"}");
        if (n.scrapedTwice()) {
            sets.add(target + ",job=\"gpu-operator/nvidia-dcgm-exporter-podmonitor\"}");
        }
        return sets;
    }

    /** A stable UUID per node and GPU, shaped like NVML's. */
    static String uuid(int node, int gpu) {
        return String.format(Locale.ROOT, "GPU-%08x-%04x-%04x-%04x-%012x", node * 2654435761L & 0xffffffffL, gpu,
                node & 0xffff, 0x9000 | gpu, (long) node * 8 + gpu);
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static String type(DcgmField f) {
        return switch (f) {
            case PCIE_REPLAY_COUNTER, UNCORRECTABLE_REMAPPED_ROWS, ECC_SBE_VOL_TOTAL, ECC_DBE_VOL_TOTAL,
                 NVLINK_REPLAY_ERRORS -> "unknown";
            default -> "gauge";
        };
    }

    private static String help(DcgmField f) {
        return switch (f) {
            case GPU_UTIL -> "GPU utilization (in %).";
            case GR_ENGINE_ACTIVE -> "Ratio of time the graphics engine is active.";
            case FB_USED -> "Framebuffer memory used (in MiB).";
            case FB_FREE -> "Framebuffer memory free (in MiB).";
            case GPU_TEMP -> "GPU temperature (in C).";
            case POWER_USAGE -> "Power draw (in W).";
            case SM_CLOCK -> "SM clock frequency (in MHz).";
            case MAX_SM_CLOCK -> "Maximum SM clock frequency (in MHz).";
            case XID_ERRORS -> "Value of the last XID error encountered.";
            case PCIE_REPLAY_COUNTER -> "Total number of PCIe retries.";
            case UNCORRECTABLE_REMAPPED_ROWS -> "Number of remapped rows for uncorrectable errors";
            case ROW_REMAP_FAILURE -> "Whether remapping of rows has failed";
            default -> f.metric();
        };
    }
}
