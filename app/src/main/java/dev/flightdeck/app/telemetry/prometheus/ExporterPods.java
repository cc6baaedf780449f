package dev.flightdeck.app.telemetry.prometheus;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tells an idle GPU's exporter pod from a workload. Scraped through a ServiceMonitor, a busy GPU's series names its
 * workload in {@code exported_pod} and the exporter in {@code pod}; an idle GPU's has no workload labels, so the
 * exporter's {@code pod}/{@code namespace} arrive alone and would read as the GPU's workload. A {@code pod} is the
 * exporter's when: it equals {@code Hostname} (exporters before NODE_NAME wrote their pod name there); or another
 * series of the same answer has it beside an {@code exported_pod} (the exporter of a node with a busy GPU); or it is
 * named as dcgm-exporter's DaemonSets name their pods (conventions: {@code nvidia-dcgm-exporter-*} from the GPU
 * Operator, {@code *dcgm-exporter-*} from its Helm chart). Such a series is handed to
 * {@link dev.flightdeck.app.telemetry.GpuLabelMapping} as the ServiceMonitor shape it is, with no workload.
 */
final class ExporterPods {

    private final Set<String> known = new HashSet<>();

    /** Learns the exporters that scraped a busy GPU in {@code samples}. */
    void learn(List<PromSample> samples) {
        for (PromSample s : samples) {
            Map<String, String> l = s.labels();
            if (l.containsKey("exported_pod") && l.containsKey("pod")) {
                known.add(l.getOrDefault("namespace", "") + "/" + l.get("pod"));
            }
        }
    }

    /** {@code labels}, or a copy marked as scraped from the exporter when its {@code pod} is the exporter. */
    Map<String, String> normalize(Map<String, String> labels) {
        String pod = labels.get("pod");
        if (pod == null || labels.containsKey("exported_pod") || labels.containsKey("exported_namespace")) {
            return labels;
        }
        boolean exporter = pod.equals(labels.get("Hostname")) || known.contains(labels.getOrDefault("namespace", "") + "/" + pod)
                || pod.startsWith("nvidia-dcgm-exporter-") || pod.contains("dcgm-exporter-");
        if (!exporter) {
            return labels;
        }
        Map<String, String> marked = new HashMap<>(labels);
        marked.put("exported_pod", ""); // present and blank: the mapping reads pod/namespace as the exporter's
        return marked;
    }
}
