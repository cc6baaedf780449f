package dev.flightdeck.app.telemetry;

import java.util.Map;

/**
 * Places a dcgm-exporter series on a node (and its workload pod), surviving both ways it reaches us (conventions):
 * straight from the exporter, the workload's {@code pod}/{@code namespace}/{@code container} are the workload's; scraped
 * through a ServiceMonitor, the target's own labels win, so the workload's arrive as {@code exported_pod},
 * {@code exported_namespace}, {@code exported_container}, {@code pod}/{@code namespace} name the exporter pod, and
 * {@code Hostname} may be the exporter pod's name. The node is, in order: the workload pod's node; the exporter pod's
 * node; {@code Hostname} when it is a node the cluster has.
 */
public final class GpuLabelMapping {

    /** Which names are nodes of the cluster (to accept a {@code Hostname}). */
    @FunctionalInterface
    public interface NodeNames {
        boolean isNode(String name);
    }

    private final PodLocator pods;
    private final NodeNames nodes;

    public GpuLabelMapping(PodLocator pods, NodeNames nodes) {
        this.pods = pods;
        this.nodes = nodes;
    }

    /**
     * With no cluster at hand (a settings dialog's test read before connecting): no pod is known, and any
     * {@code Hostname} is taken for a node, so GPUs are counted per host rather than checked against the cluster.
     */
    public static GpuLabelMapping withoutCluster() {
        return new GpuLabelMapping((namespace, pod) -> null, name -> true);
    }

    /**
     * @param labels          the series' labels
     * @param scrapedExporter the exporter pod the series was scraped from ({@code namespace/name}), when the source
     *                        scraped the exporters itself; null for a Prometheus (its target labels say it)
     * @return the placement, or null when no node can be found
     */
    public GpuPlacement place(Map<String, String> labels, String scrapedExporter) {
        int gpu;
        try {
            gpu = Integer.parseInt(labels.getOrDefault("gpu", ""));
        } catch (NumberFormatException e) {
            return null;
        }
        String uuid = labels.getOrDefault("UUID", "");
        String model = labels.getOrDefault("modelName", "");
        String workloadNs;
        String workloadPod;
        String exporterNs;
        String exporterPod;
        if (labels.containsKey("exported_pod") || labels.containsKey("exported_namespace")) {
            workloadNs = blankToNull(labels.get("exported_namespace"));
            workloadPod = blankToNull(labels.get("exported_pod"));
            exporterNs = blankToNull(labels.get("namespace"));
            exporterPod = blankToNull(labels.get("pod"));
        } else if (scrapedExporter != null) {
            workloadNs = blankToNull(labels.get("namespace"));
            workloadPod = blankToNull(labels.get("pod"));
            int slash = scrapedExporter.indexOf('/');
            exporterNs = scrapedExporter.substring(0, slash);
            exporterPod = scrapedExporter.substring(slash + 1);
        } else {
            // A Prometheus with honorLabels on (or a relabelling that dropped the target's labels): pod/namespace are
            // the workload's, and only Hostname or the workload can place the GPU.
            workloadNs = blankToNull(labels.get("namespace"));
            workloadPod = blankToNull(labels.get("pod"));
            exporterNs = null;
            exporterPod = null;
        }
        if (workloadPod == null || workloadNs == null) {
            workloadNs = null;
            workloadPod = null;
        }
        String node = workloadPod == null ? null : pods.nodeOf(workloadNs, workloadPod);
        if (node == null && exporterPod != null && exporterNs != null) {
            node = pods.nodeOf(exporterNs, exporterPod);
        }
        if (node == null) {
            String host = blankToNull(labels.get("Hostname"));
            node = host != null && nodes.isNode(host) ? host : blankToNull(labels.get("node"));
            if (node != null && !nodes.isNode(node)) {
                node = null;
            }
        }
        return node == null ? null : new GpuPlacement(node, gpu, uuid, model, workloadNs, workloadPod);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
