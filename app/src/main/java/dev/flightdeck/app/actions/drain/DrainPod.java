package dev.flightdeck.app.actions.drain;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
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

    public static DrainPod of(JsonNode pod) {
        JsonNode meta = pod.path("metadata");
        String kind = null;
        String owner = null;
        for (JsonNode ref : meta.path("ownerReferences")) {
            if (ref.path("controller").asBoolean(false)) {
                kind = ref.path("kind").asText(null);
                owner = ref.path("name").asText(null);
            }
        }
        List<String> emptyDirs = new ArrayList<>();
        for (JsonNode v : pod.path("spec").path("volumes")) {
            if (v.has("emptyDir")) {
                emptyDirs.add(v.path("name").asText());
            }
        }
        Map<String, String> labels = new HashMap<>();
        meta.path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        int gpus = 0;
        for (JsonNode c : pod.path("spec").path("containers")) {
            gpus += c.path("resources").path("limits").path("nvidia.com/gpu").asInt(0);
        }
        return new DrainPod(meta.path("namespace").asText(), meta.path("name").asText(), meta.path("uid").asText(),
                pod.path("status").path("phase").asText(""), kind, owner,
                meta.path("annotations").has("kubernetes.io/config.mirror"), emptyDirs, labels,
                pod.path("spec").path("terminationGracePeriodSeconds").asLong(30), gpus);
    }
}
