package dev.flightdeck.app.drills.staging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.actions.KubeRest;
import dev.flightdeck.app.drills.FaultKind;
import dev.flightdeck.app.drills.world.DrillHands;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The drill's hands on a staging cluster: every write goes to an object the drill created (one of
 * its virtual nodes, a pod or budget in its namespace) and is refused otherwise, so a fault can never
 * strike the cluster's real nodes or workloads. A node's conditions are set by strategic merge (merged
 * by type, as a health agent's are), never by rewriting the whole status.
 */
final class StagingHands implements DrillHands {

    private final KubeRest rest;
    private final StagingNames names;
    private final Set<String> drillNodes;
    private final VirtualKubelet kubelet;
    private final StagingTrainers trainers;

    StagingHands(KubeRest rest, StagingNames names, Set<String> drillNodes, VirtualKubelet kubelet,
                 StagingTrainers trainers) {
        this.rest = rest;
        this.names = names;
        this.drillNodes = drillNodes;
        this.kubelet = kubelet;
        this.trainers = trainers;
    }

    @Override
    public void setNodeCondition(String node, String type, String status, String reason, String message) {
        String now = StagingObjects.now();
        ObjectNode patch = KubeJson.MAPPER.createObjectNode();
        patch.putObject("status").putArray("conditions").addObject().put("type", type).put("status", status)
                .put("reason", reason).put("message", message).put("lastHeartbeatTime", now).put("lastTransitionTime", now);
        ok(rest(() -> rest.strategicPatch(nodePath(node) + "/status", patch)), "set " + type + " on " + node);
    }

    @Override
    public void failPod(String namespace, String pod, String reason, int exitCode, String message) {
        String path = podPath(namespace, pod);
        JsonNode p = json(rest(() -> rest.get(path)), "read " + pod);
        ok(rest(() -> rest.mergePatch(path + "/status", VirtualKubelet.exited(p, exitCode, message))), "fail " + pod);
    }

    @Override
    public void withdrawGpus(String node, int count) {
        int capacity = json(rest(() -> rest.get(nodePath(node))), "read " + node).path("status").path("capacity")
                .path("nvidia.com/gpu").asInt(8);
        allocatable(node, Math.max(0, capacity - count));
    }

    @Override
    public void restoreGpus(String node) {
        allocatable(node, json(rest(() -> rest.get(nodePath(node))), "read " + node).path("status").path("capacity")
                .path("nvidia.com/gpu").asInt(8));
    }

    private void allocatable(String node, int gpus) {
        ObjectNode patch = KubeJson.MAPPER.createObjectNode();
        patch.putObject("status").putObject("allocatable").put("nvidia.com/gpu", Integer.toString(gpus));
        ok(rest(() -> rest.mergePatch(nodePath(node) + "/status", patch)), "set the allocatable GPUs of " + node);
    }

    @Override
    public void taint(String node, String key, String value, String effect) {
        for (int attempt = 0; attempt < 5; attempt++) {
            ObjectNode n = (ObjectNode) json(rest(() -> rest.get(nodePath(node))), "read " + node);
            ArrayNode taints = n.with("spec").withArray("taints");
            for (int i = taints.size() - 1; i >= 0; i--) {
                if (key.equals(taints.get(i).path("key").asText()) && effect.equals(taints.get(i).path("effect").asText())) {
                    taints.remove(i);
                }
            }
            taints.addObject().put("key", key).put("value", value).put("effect", effect);
            KubeRest.Answer a = rest(() -> rest.put(nodePath(node), n));
            if (a.code() != 409) {
                ok(a, "taint " + node);
                return;
            }
        }
        throw new IllegalStateException("could not taint " + node + ": it kept changing under the drill (409 five times)");
    }

    @Override
    public void createBlockingBudget(String namespace, String name, Map<String, String> selector) {
        inDrillNamespace(namespace);
        ObjectNode pdb = KubeJson.MAPPER.createObjectNode();
        pdb.put("apiVersion", "policy/v1").put("kind", "PodDisruptionBudget");
        pdb.putObject("metadata").put("name", name).put("namespace", namespace).putObject("labels")
                .put(StagingNames.LABEL, names.id());
        ObjectNode spec = pdb.putObject("spec").put("maxUnavailable", 0);
        ObjectNode match = spec.putObject("selector").putObject("matchLabels");
        selector.forEach(match::put);
        ok(rest(() -> rest.post("/apis/policy/v1/namespaces/" + namespace + "/poddisruptionbudgets", pdb)),
                "create the budget " + name);
    }

    @Override
    public List<RankPod> runningRanksOn(String node) {
        checkNode(node);
        List<RankPod> out = new ArrayList<>();
        for (JsonNode p : pods("fieldSelector=" + enc("spec.nodeName=" + node))) {
            JsonNode l = p.path("metadata").path("labels");
            String job = l.path("batch.kubernetes.io/job-name").asText(null);
            String index = l.path("batch.kubernetes.io/job-completion-index").asText(null);
            if (job != null && index != null && "Running".equals(p.path("status").path("phase").asText())) {
                out.add(new RankPod(names.namespace(), job, Integer.parseInt(index), p.path("metadata").path("name").asText()));
            }
        }
        return out;
    }

    @Override
    public String podOfRank(String namespace, String job, int rank) {
        JsonNode p = rank(namespace, job, rank);
        return p == null ? null : p.path("metadata").path("name").asText();
    }

    @Override
    public String nodeOfRank(String namespace, String job, int rank) {
        JsonNode p = rank(namespace, job, rank);
        return p == null ? null : p.path("spec").path("nodeName").asText(null);
    }

    private JsonNode rank(String namespace, String job, int rank) {
        inDrillNamespace(namespace);
        JsonNode best = null;
        for (JsonNode p : pods("labelSelector=" + enc("batch.kubernetes.io/job-name=" + job
                + ",batch.kubernetes.io/job-completion-index=" + rank))) {
            if (!p.path("metadata").has("deletionTimestamp")) {
                best = p;
            }
        }
        return best;
    }

    @Override
    public void kubeletStops(String node) {
        checkNode(node);
        kubelet.stop(node);
    }

    @Override
    public void failNextPreflight(String node, String detail) {
        checkNode(node);
        kubelet.failNextValidation(node, detail);
    }

    @Override
    public void stopCheckpointing(String namespace, String gang, Instant since) {
        inDrillNamespace(namespace);
        rest(() -> {
            trainers.stop(gang, since);
            return null;
        });
    }

    @Override
    public Saved newestCheckpoint(String namespace, String gang) {
        return trainers.newest(gang);
    }

    @Override
    public void objectStoreReachable(boolean reachable) {
        throw new IllegalStateException(cannotStrike(FaultKind.CHECKPOINT_STORE_UNREACHABLE));
    }

    @Override
    public void apfStorm(boolean on) {
        throw new IllegalStateException(cannotStrike(FaultKind.APF_STORM));
    }

    @Override
    public String cannotStrike(FaultKind kind) {
        return switch (kind) {
            case APF_STORM -> "cannot be struck on a real cluster: a drill does not overload a shared API server";
            case CHECKPOINT_STORE_UNREACHABLE -> "cannot be struck on a real cluster: a drill does not cut off shared storage";
            default -> null;
        };
    }

    private List<JsonNode> pods(String query) {
        JsonNode list = json(rest(() -> rest.get("/api/v1/namespaces/" + names.namespace() + "/pods?" + query)), "list pods");
        List<JsonNode> out = new ArrayList<>();
        list.path("items").forEach(out::add);
        return out;
    }

    private String nodePath(String node) {
        checkNode(node);
        return "/api/v1/nodes/" + node;
    }

    private String podPath(String namespace, String pod) {
        inDrillNamespace(namespace);
        return "/api/v1/namespaces/" + namespace + "/pods/" + pod;
    }

    /** The guard: the drill's hands touch its own nodes only. */
    private void checkNode(String node) {
        if (!drillNodes.contains(node)) {
            throw new IllegalArgumentException("node " + node + " is not one of the drill's virtual nodes: left alone");
        }
    }

    private void inDrillNamespace(String namespace) {
        if (!names.namespace().equals(namespace)) {
            throw new IllegalArgumentException("namespace " + namespace + " is not the drill's (" + names.namespace()
                    + "): left alone");
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @FunctionalInterface
    private interface Call<T> {
        T call() throws IOException;
    }

    private static <T> T rest(Call<T> c) {
        try {
            return c.call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void ok(KubeRest.Answer a, String what) {
        if (!a.ok()) {
            throw new IllegalStateException("could not " + what + ": " + a.message());
        }
    }

    private static JsonNode json(KubeRest.Answer a, String what) {
        ok(a, what);
        try {
            return a.json();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
