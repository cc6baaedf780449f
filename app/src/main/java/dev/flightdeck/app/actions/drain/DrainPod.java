package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.WholeNumbers;
import dev.flightdeck.app.kube.ObjectMeta;
import dev.flightdeck.app.kube.PodObject;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a drain needs to know about one pod on the node, read from the pod as the API server
 * returns it at plan time (a fresh LIST with {@code spec.nodeName=NODE}, as kubectl does).
 *
 * @param controllerKind kind of the owner reference with {@code controller: true}, or null when unmanaged
 * @param mirror         a static pod's mirror ({@code kubernetes.io/config.mirror}): the API cannot remove it
 * @param emptyDirs      names of emptyDir volumes: their data is lost when the pod goes
 * @param terminal       phase Succeeded or Failed: nothing left to lose
 * @param terminationGraceSeconds the pod's own grace period (kubectl's default for eviction)
 */
public record DrainPod(String namespace, String name, String uid, String phase, String controllerKind,
                       String controllerName, boolean mirror, List<String> emptyDirs, Map<String, String> labels,
                       long terminationGraceSeconds, int gpus) {

    public DrainPod {
        emptyDirs = List.copyOf(emptyDirs);
        labels = Map.copyOf(labels);
    }

    public boolean terminal() {
        return "Succeeded".equals(phase) || "Failed".equals(phase);
    }

    public String ref() {
        return namespace + "/" + name;
    }

    /** kubelet's annotation on the API's copy of a static pod. */
    static final String MIRROR_ANNOTATION = "kubernetes.io/config.mirror";

    public static DrainPod of(PodObject pod) {
        ObjectMeta meta = pod.metadata();
        ObjectMeta.OwnerReference controller = meta.controller().orElse(null);
        List<String> emptyDirs = pod.spec().volumes().stream().filter(PodObject.Volume::isEmptyDir)
                .map(PodObject.Volume::name).toList();
        Map<String, String> labels = new HashMap<>();
        meta.labels().forEach((k, v) -> labels.put(k, v == null ? "" : v));
        int gpus = 0;
        for (PodObject.Container c : pod.spec().containers()) {
            gpus += WholeNumbers.parseOrZero(c.limit(GpuLabels.GPU_RESOURCE));
        }
        return new DrainPod(text(meta.namespace()), text(meta.name()), text(meta.uid()), pod.phase(),
                controller == null ? null : controller.kind(), controller == null ? null : controller.name(),
                meta.annotations().containsKey(MIRROR_ANNOTATION), emptyDirs, labels, pod.spec().graceSeconds(), gpus);
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
