package dev.flightdeck.app.nodes;

import java.time.Instant;
import java.util.Map;

/**
 * What the console keeps of a Pod: about a dozen fields instead of the ~14 KB
 * fabric8 object, so 100k pods fit in a desktop heap. Strings that repeat across
 * pods (namespace, node, phase, owner kind, label keys) are interned by the projector.
 *
 * @param labels      only the labels the console reads (gang and job identity), not all
 * @param annotations only the annotations the console reads (mirror, gang, checkpoint)
 * @param reason      why the pod is not running well: a waiting/terminated reason or the
 *                    scheduler's message; null when there is nothing to say
 * @param gpuRequest  {@code nvidia.com/gpu} requested by all containers
 */
public record PodFacts(
        String namespace,
        String name,
        String uid,
        String nodeName,
        String phase,
        boolean ready,
        int restarts,
        int gpuRequest,
        String ownerKind,
        String ownerName,
        Map<String, String> labels,
        Map<String, String> annotations,
        Instant created,
        String reason,
        boolean hasEmptyDir,
        boolean deleting,
        String key) {

    /**
     * @param key "namespace/name", made once: every index of the model keys the pod by it, and
     *            five copies of the string per pod were a quarter of the heap the model kept
     */
    public PodFacts(String namespace, String name, String uid, String nodeName, String phase, boolean ready,
                    int restarts, int gpuRequest, String ownerKind, String ownerName, Map<String, String> labels,
                    Map<String, String> annotations, Instant created, String reason, boolean hasEmptyDir,
                    boolean deleting) {
        this(namespace, name, uid, nodeName, phase, ready, restarts, gpuRequest, ownerKind, ownerName, labels,
                annotations, created, reason, hasEmptyDir, deleting, namespace + "/" + name);
    }

    public boolean finished() {
        return "Succeeded".equals(phase) || "Failed".equals(phase);
    }
}
