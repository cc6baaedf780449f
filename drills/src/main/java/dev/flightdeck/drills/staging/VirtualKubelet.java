package dev.flightdeck.drills.staging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.drills.world.KubeApiHands;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The kubelet of a drill's virtual nodes, played through the API as KWOK plays its nodes: it renews
 * each node's Lease (so the cluster's node lifecycle controller keeps it Ready), starts the pods
 * bound to it (Running and Ready at once: there is no image to pull), finishes their graceful
 * deletion, and runs Flightdeck's validation pods to an exit — a failure when the node carries a GPU
 * fault the drill struck, or when the drill made the next preflight fail. A node whose kubelet the
 * drill stopped is left alone, as a dead kubelet leaves it. It touches only pods bound to the
 * drill's nodes. One LIST of the drill's pods and one of validation pods per pass: light on the server.
 */
final class VirtualKubelet {

    private static final String VALIDATION = "app.kubernetes.io/name=flightdeck-preflight";
    /** How long a validation pod "runs" before it exits. */
    static final Duration VALIDATION_RUN = Duration.ofSeconds(4);

    private final KubeRest rest;
    private final StagingNames names;
    private final Set<String> nodes = ConcurrentHashMap.newKeySet();
    private final Set<String> stopped = ConcurrentHashMap.newKeySet();
    private final Map<String, String> failNext = new ConcurrentHashMap<>();
    private final Map<String, Instant> validationStarted = new ConcurrentHashMap<>();

    VirtualKubelet(KubeRest rest, StagingNames names) {
        this.rest = rest;
        this.names = names;
    }

    void adopt(String node) {
        nodes.add(node);
    }

    /** The node's kubelet dies: no more Lease renewals, no more pod updates. */
    void stop(String node) {
        stopped.add(node);
    }

    boolean runs(String node) {
        return nodes.contains(node) && !stopped.contains(node);
    }

    void failNextValidation(String node, String detail) {
        failNext.put(node, detail);
    }

    /** Renews the Leases of the nodes whose kubelet runs. */
    void renewLeases() {
        String now = StagingObjects.microTime(Instant.now());
        for (String n : nodes) {
            if (!stopped.contains(n)) {
                try {
                    rest.mergePatch("/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/" + n,
                            KubeJson.MAPPER.createObjectNode().set("spec", KubeJson.MAPPER.createObjectNode()
                                    .put("renewTime", now)));
                } catch (IOException e) {
                    // a missed renewal is retried in 10 s; the lease lasts 40
                }
            }
        }
    }

    /** One pass over the pods bound to the drill's nodes. */
    void tendPods() throws IOException {
        tend(rest.get("/api/v1/namespaces/" + names.namespace() + "/pods"));
        tend(rest.get("/api/v1/pods?labelSelector=" + URLEncoder.encode(VALIDATION, StandardCharsets.UTF_8)));
    }

    private void tend(KubeRest.Answer list) throws IOException {
        if (!list.ok()) {
            return;
        }
        for (JsonNode p : list.json().path("items")) {
            String node = p.path("spec").path("nodeName").asText("");
            if (!nodes.contains(node) || stopped.contains(node)) {
                continue;
            }
            JsonNode meta = p.path("metadata");
            String path = "/api/v1/namespaces/" + meta.path("namespace").asText() + "/pods/" + meta.path("name").asText();
            String phase = p.path("status").path("phase").asText();
            boolean validation = "flightdeck-preflight".equals(meta.path("labels").path("app.kubernetes.io/name").asText());
            if (meta.has("deletionTimestamp")) {
                ObjectNode options = KubeJson.MAPPER.createObjectNode().put("gracePeriodSeconds", 0);
                options.putObject("preconditions").put("uid", meta.path("uid").asText());
                rest.delete(path, options);
            } else if (phase.equals("Pending")) {
                rest.mergePatch(path + "/status", running(p));
                if (validation) {
                    validationStarted.put(meta.path("uid").asText(), Instant.now());
                }
            } else if (validation && phase.equals("Running")) {
                Instant started = validationStarted.computeIfAbsent(meta.path("uid").asText(), u -> Instant.now());
                if (Duration.between(started, Instant.now()).compareTo(VALIDATION_RUN) >= 0) {
                    String why = verdict(node);
                    rest.mergePatch(path + "/status", KubeApiHands.exitedStatus(p, why == null ? 0 : 1, null, why));
                }
            }
        }
    }

    /** Why the validation on {@code node} fails (its GPUs, or the drill's "repair did not take"), or null when it passes. */
    private String verdict(String node) throws IOException {
        String forced = failNext.remove(node);
        if (forced != null) {
            return forced;
        }
        KubeRest.Answer a = rest.get("/api/v1/nodes/" + node);
        if (!a.ok()) {
            return "the node could not be read: " + a.message();
        }
        JsonNode st = a.json().path("status");
        for (JsonNode c : st.path("conditions")) {
            String type = c.path("type").asText();
            if ("True".equals(c.path("status").asText()) && (type.startsWith("Gpu") || type.startsWith("SysLogs")
                    || type.equals("DCGMError"))) {
                return "dcgmi diag -r 1: " + type + " (" + c.path("message").asText() + ")";
            }
        }
        if (st.path("allocatable").path("nvidia.com/gpu").asInt(8) < st.path("capacity").path("nvidia.com/gpu").asInt(8)) {
            return "CUDA vectorAdd: fewer GPUs visible than the node's capacity";
        }
        return null;
    }

    private static ObjectNode running(JsonNode pod) {
        String now = StagingObjects.now();
        ObjectNode patch = KubeJson.MAPPER.createObjectNode();
        ObjectNode st = patch.putObject("status");
        st.put("phase", "Running").put("hostIP", "127.0.0.1").put("startTime", now)
                .put("podIP", "10.250." + Math.floorMod(pod.path("metadata").path("uid").asText().hashCode(), 250) + ".7");
        ArrayNode conds = st.putArray("conditions");
        for (String t : new String[]{"PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"}) {
            conds.addObject().put("type", t).put("status", "True").put("lastTransitionTime", now);
        }
        ArrayNode cs = st.putArray("containerStatuses");
        for (JsonNode c : pod.path("spec").path("containers")) {
            ObjectNode s = cs.addObject().put("name", c.path("name").asText()).put("image", c.path("image").asText())
                    .put("imageID", c.path("image").asText()).put("ready", true).put("started", true).put("restartCount", 0)
                    .put("containerID", "virtual://" + pod.path("metadata").path("uid").asText());
            s.putObject("state").putObject("running").put("startedAt", now);
        }
        return patch;
    }
}
