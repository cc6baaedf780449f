package dev.flightdeck.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * One node's {@code /metrics} as dcgm-exporter writes it: per series a {@code # HELP} and a {@code # TYPE} line, then
 * one sample per GPU whose labels come in the exporter's order — {@code gpu}, {@code UUID}, {@code pci_bus_id},
 * {@code device}, {@code modelName}, {@code Hostname}, its label fields ({@code DCGM_FI_DRIVER_VERSION}), then its
 * attributes sorted by name: the workload's {@code container}, the Xid's {@code err_code} and {@code err_msg}, the
 * workload's {@code namespace} and {@code pod} (the Kubernetes mapping writes those three only for a GPU a pod holds).
 *
 * <p>Shaped after a real capture of the GPU Operator's exporter, curled at {@code nvidia-dcgm-exporter:9400/metrics}
 * (driver 580.105.08, one NVIDIA L4): cncf/k8s-ai-conformance,
 * {@code v1.35/kops/tests/TestObservability_AcceleratorMetrics_ViaDCGM/output.md} at commit 914d2d2; and after the
 * exporter's own template and Xid texts: NVIDIA/dcgm-exporter {@code internal/pkg/rendermetrics/render_metrics.go}
 * (4.4.1-4.6.0, commit 13ad457: {@code Hostname}; its main branch renamed it {@code hostname} in May 2026, in no
 * release yet) and {@code internal/pkg/collector/xid_errors.go}. {@code Hostname} is the node's name: the GPU Operator
 * gives the exporter {@code NODE_NAME} from {@code spec.nodeName}.
 */
final class DcgmExposition {

    /** The exporter sets none: Go's server sniffs the text body. */
    static final String CONTENT_TYPE = "text/plain; charset=utf-8";
    static final String MODEL = "NVIDIA H100 80GB HBM3";
    /** An HGX H100 board's GPUs on the PCI bus, GPU 0 to 7 (GPU 5 at 9B, as the sandbox's Xid message says). */
    private static final List<String> PCI_BUS = List.of("00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0",
            "00000000:5D:00.0", "00000000:8A:00.0", "00000000:9B:00.0", "00000000:BA:00.0", "00000000:DB:00.0");
    private static final Map<Integer, String> XID_TEXT = Map.of(0, "No Error", 13, "Graphics Engine Exception",
            31, "GPU memory page fault", 43, "GPU stopped processing", 48, "Double Bit ECC Error",
            63, "ECC page retirement or row remapping recording event",
            64, "ECC page retirement or row remapper recording failure", 74, "NVLINK Error",
            79, "GPU has fallen off the bus", 94, "Contained ECC error");

    private DcgmExposition() {
    }

    /** The GPU's UUID, stable for the node and index. */
    static String uuid(String node, int gpu) {
        return "GPU-" + UUID.nameUUIDFromBytes((node + "/" + gpu).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param held     the pod holding each GPU (null: free)
     * @param readings each GPU's values
     */
    static byte[] render(String node, String driver, SandboxGpuWorkloads.Workload[] held, List<Map<DcgmSeries, Double>> readings) {
        int gpus = readings.size();
        String[] head = new String[gpus];
        String[] tail = new String[gpus];
        for (int g = 0; g < gpus; g++) {
            head[g] = "{gpu=\"" + g + "\",UUID=\"" + uuid(node, g) + "\",pci_bus_id=\"" + PCI_BUS.get(g % PCI_BUS.size())
                    + "\",device=\"nvidia" + g + "\",modelName=\"" + MODEL + "\",Hostname=\"" + node
                    + "\",DCGM_FI_DRIVER_VERSION=\"" + driver + "\"";
            SandboxGpuWorkloads.Workload w = held[g];
            tail[g] = w == null ? "" : ",namespace=\"" + w.namespace() + "\",pod=\"" + w.pod() + "\"";
        }
        StringBuilder out = new StringBuilder(gpus * DcgmSeries.values().length * 330);
        for (DcgmSeries s : DcgmSeries.values()) {
            out.append("# HELP ").append(s.metric).append(' ').append(s.help).append('\n');
            out.append("# TYPE ").append(s.metric).append(' ').append(s.type).append('\n');
            for (int g = 0; g < gpus; g++) {
                out.append(s.metric).append(head[g]);
                SandboxGpuWorkloads.Workload w = held[g];
                if (w != null) {
                    out.append(",container=\"").append(w.container()).append('"');
                }
                double value = readings.get(g).get(s);
                if (s == DcgmSeries.XID_ERRORS) {
                    int code = (int) value;
                    out.append(",err_code=\"").append(code).append("\",err_msg=\"")
                            .append(XID_TEXT.getOrDefault(code, "Unknown Error")).append('"');
                }
                out.append(tail[g]).append("} ");
                if (s.decimal) {
                    out.append(String.format(Locale.ROOT, "%f", value));
                } else {
                    out.append((long) value);
                }
                out.append('\n');
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
