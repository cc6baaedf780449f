package dev.flightdeck.app.telemetry.exporter;

import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.GpuPlacement;
import dev.flightdeck.app.telemetry.PodLocator;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A GPU's series reach the console in two shapes (conventions, "GPU telemetry"): straight from the exporter (the
 * workload's pod/namespace/container as labelled) and through a ServiceMonitor, whose target labels win (the workload's
 * as exported_*, pod/namespace the exporter's, Hostname often the exporter pod's name). Both place the GPU on the same
 * node with the same workload.
 */
class GpuLabelMappingShapesTest {

    private static final String EXPORTER = "nvidia-dcgm-exporter-x7k2p";
    private static final Map<String, String> WHERE = Map.of(
            "training/llm-pretrain-3-4f2a1", "gpu-node-003",
            "gpu-operator/" + EXPORTER, "gpu-node-003",
            "gpu-operator/nvidia-dcgm-exporter-free1", "gpu-node-009");
    private static final PodLocator PODS = (ns, pod) -> WHERE.get(ns + "/" + pod);
    private static final Set<String> NODES = Set.of("gpu-node-003", "gpu-node-009");
    private static final GpuLabelMapping MAPPING = new GpuLabelMapping(PODS, NODES::contains);

    /** The identity labels every series of GPU 5 carries, as the exporter writes them. */
    private static Map<String, String> gpu5(String hostname) {
        Map<String, String> l = new HashMap<>();
        l.put("gpu", "5");
        l.put("UUID", "GPU-2b6f1a3c-8d1e-4f0a-9c3b-5e7d2a1f0b64");
        l.put("pci_bus_id", "00000000:9B:00.0");
        l.put("device", "nvidia5");
        l.put("modelName", "NVIDIA H100 80GB HBM3");
        l.put("Hostname", hostname);
        l.put("DCGM_FI_DRIVER_VERSION", "570.124.06");
        return l;
    }

    @Test
    void rawFromTheExporterTheWorkloadIsThePodLabel() {
        Map<String, String> l = gpu5("gpu-node-003");
        l.put("container", "trainer");
        l.put("namespace", "training");
        l.put("pod", "llm-pretrain-3-4f2a1");
        GpuPlacement p = MAPPING.place(l, "gpu-operator/" + EXPORTER);
        assertEquals(new GpuPlacement("gpu-node-003", 5, "GPU-2b6f1a3c-8d1e-4f0a-9c3b-5e7d2a1f0b64", "NVIDIA H100 80GB HBM3",
                "training", "llm-pretrain-3-4f2a1"), p);
        assertEquals("gpu-node-003/5", p.key());
    }

    @Test
    void relabelledByAServiceMonitorTheWorkloadIsExportedAndPodIsTheExporter() {
        Map<String, String> l = gpu5(EXPORTER); // Hostname: the exporter pod's name, not a node
        l.put("exported_container", "trainer");
        l.put("exported_namespace", "training");
        l.put("exported_pod", "llm-pretrain-3-4f2a1");
        l.put("namespace", "gpu-operator");
        l.put("pod", EXPORTER);
        l.put("instance", "10.244.3.17:9400");
        l.put("job", "nvidia-dcgm-exporter");
        GpuPlacement p = MAPPING.place(l, null);
        assertEquals(new GpuPlacement("gpu-node-003", 5, "GPU-2b6f1a3c-8d1e-4f0a-9c3b-5e7d2a1f0b64", "NVIDIA H100 80GB HBM3",
                "training", "llm-pretrain-3-4f2a1"), p);
    }

    @Test
    void aGpuNoPodHoldsIsOnItsExportersNodeInBothShapes() {
        Map<String, String> raw = gpu5("gpu-node-009");
        GpuPlacement direct = MAPPING.place(raw, "gpu-operator/nvidia-dcgm-exporter-free1");
        assertEquals("gpu-node-009", direct.node());
        assertNull(direct.pod());

        Map<String, String> relabelled = gpu5("nvidia-dcgm-exporter-free1");
        relabelled.put("namespace", "gpu-operator");
        relabelled.put("pod", "nvidia-dcgm-exporter-free1");
        relabelled.put("exported_namespace", "");
        relabelled.put("exported_pod", "");
        GpuPlacement viaPrometheus = MAPPING.place(relabelled, null);
        assertEquals("gpu-node-009", viaPrometheus.node());
        assertNull(viaPrometheus.pod(), "an empty exported_pod is no workload");
    }

    @Test
    void aWorkloadTheModelDoesNotKnowYetStillLandsOnTheExportersNode() {
        Map<String, String> l = gpu5("gpu-node-003");
        l.put("namespace", "training");
        l.put("pod", "llm-pretrain-3-new99");
        GpuPlacement p = MAPPING.place(l, "gpu-operator/" + EXPORTER);
        assertEquals("gpu-node-003", p.node());
        assertEquals("llm-pretrain-3-new99", p.pod());
    }

    @Test
    void nothingToPlaceItByIsNoPlacement() {
        assertNull(MAPPING.place(gpu5("some-pod-name"), null), "no pod, and a Hostname that is no node");
        Map<String, String> noIndex = gpu5("gpu-node-003");
        noIndex.remove("gpu");
        assertNull(MAPPING.place(noIndex, "gpu-operator/" + EXPORTER));
    }
}
