package dev.flightdeck.drills.world;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.drills.DrillHands;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The drill's hands where the cluster's agents write through the Kubernetes API: a health agent's node
 * condition (merged by type with a strategic merge patch, never by rewriting the whole status), the
 * kubelet's pod status, the device plugin's allocatable, a taint, a disruption budget; and the ranks
 * read back by the Indexed Job's labels. Each world says which nodes and namespaces its hands may
 * touch ({@link #checkNode}, {@link #checkNamespace}) and keeps the agents that have no API.
 */
public abstract class KubeApiHands implements DrillHands {

    /**
     * How the hands' client names itself ({@code flightdeck-drill/VERSION (OS/ARCH)}), so a cluster's audit
     * tells the drill's faults apart from the operator's requests.
     */
    public static final String CLIENT = "flightdeck-drill";

    private final KubeRest rest;

    protected KubeApiHands(KubeRest rest) {
        this.rest = rest;
    }

    /** Refuses, in words, a node the drill may not touch. */
    protected abstract void checkNode(String node);

    /** Refuses, in words, a namespace the drill may not touch. */
    protected abstract void checkNamespace(String namespace);

    /** Where the ranks are listed: the drill's namespace, or every namespace of a cluster it owns. */
    protected abstract String podsPath();

    @Override
    public void setNodeCondition(String node, String type, String status, String reason, String message) {
        String now = now();
        ObjectNode patch = KubeJson.MAPPER.createObjectNode();
        patch.putObject("status").putArray("conditions").addObject().put("type", type).put("status", status)
                .put("reason", reason).put("message", message).put("lastHeartbeatTime", now).put("lastTransitionTime", now);
        ok(call(() -> rest.strategicPatch(nodePath(node) + "/status", patch)), "set " + type + " on " + node);
    }

    @Override
    public void failPod(String namespace, String pod, String reason, int exitCode, String message) {
        String path = podPath(namespace, pod);
        JsonNode p = json(call(() -> rest.get(path)), "read " + pod);
        ok(call(() -> rest.mergePatch(path + "/status", exitedStatus(p, exitCode, reason, message))), "fail " + pod);
    }

    @Override
    public void withdrawGpus(String node, int count) {
        allocatable(node, Math.max(0, gpuCapacity(node) - count));
    }

    @Override
    public void restoreGpus(String node) {
        allocatable(node, gpuCapacity(node));
    }

    private int gpuCapacity(String node) {
        return json(call(() -> rest.get(nodePath(node))), "read " + node).path("status").path("capacity")
                .path("nvidia.com/gpu").asInt(8);
    }

    private void allocatable(String node, int gpus) {
        ObjectNode patch = KubeJson.MAPPER.createObjectNode();
        patch.putObject("status").putObject("allocatable").put("nvidia.com/gpu", Integer.toString(gpus));
        ok(call(() -> rest.mergePatch(nodePath(node) + "/status", patch)), "set the allocatable GPUs of " + node);
    }

    @Override
    public void taint(String node, String key, String value, String effect) {
        for (int attempt = 0; attempt < 5; attempt++) {
            ObjectNode n = (ObjectNode) json(call(() -> rest.get(nodePath(node))), "read " + node);
            ArrayNode taints = n.with("spec").withArray("taints");
            for (int i = taints.size() - 1; i >= 0; i--) {
                if (key.equals(taints.get(i).path("key").asText()) && effect.equals(taints.get(i).path("effect").asText())) {
                    taints.remove(i);
                }
            }
            taints.addObject().put("key", key).put("value", value).put("effect", effect);
            KubeRest.Answer a = call(() -> rest.put(nodePath(node), n));
            if (a.code() != 409) {
                ok(a, "taint " + node);
                return;
            }
        }
        throw new IllegalStateException("could not taint " + node + ": it kept changing under the drill (409 five times)");
    }

    @Override
    public void createBlockingBudget(String namespace, String name, Map<String, String> selector) {
        checkNamespace(namespace);
        ObjectNode pdb = KubeJson.MAPPER.createObjectNode();
        pdb.put("apiVersion", "policy/v1").put("kind", "PodDisruptionBudget");
        ObjectNode metadata = pdb.putObject("metadata").put("name", name).put("namespace", namespace);
        budgetLabels().forEach(metadata.putObject("labels")::put);
        ObjectNode spec = pdb.putObject("spec").put("maxUnavailable", 0);
        ObjectNode match = spec.putObject("selector").putObject("matchLabels");
        selector.forEach(match::put);
        ok(call(() -> rest.post("/apis/policy/v1/namespaces/" + namespace + "/poddisruptionbudgets", pdb)),
                "create the budget " + name);
    }

    /** Labels a budget the drill creates carries (so it can be found and removed at the end). */
    protected Map<String, String> budgetLabels() {
        return Map.of();
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
                out.add(new RankPod(p.path("metadata").path("namespace").asText(), job, Integer.parseInt(index),
                        p.path("metadata").path("name").asText()));
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

    /** The rank's pod that is not being deleted (its replacement, once the Job controller made one), or null. */
    private JsonNode rank(String namespace, String job, int rank) {
        checkNamespace(namespace);
        JsonNode best = null;
        String query = "labelSelector=" + enc("batch.kubernetes.io/job-name=" + job
                + ",batch.kubernetes.io/job-completion-index=" + rank);
        JsonNode list = json(call(() -> rest.get("/api/v1/namespaces/" + namespace + "/pods?" + query)), "list pods");
        for (JsonNode p : list.path("items")) {
            if (!p.path("metadata").has("deletionTimestamp")) {
                best = p;
            }
        }
        return best;
    }

    /**
     * Marks every pod on {@code node} not ready, as the node lifecycle controller does once the kubelet is
     * gone (its MarkPodsNotReady: the Ready condition turns False, merged by type; nothing else changes).
     */
    protected void markPodsNotReady(String node) {
        for (JsonNode p : pods("fieldSelector=" + enc("spec.nodeName=" + node))) {
            String path = podPath(p.path("metadata").path("namespace").asText(), p.path("metadata").path("name").asText());
            ObjectNode patch = KubeJson.MAPPER.createObjectNode();
            patch.putObject("status").putArray("conditions").addObject().put("type", "Ready").put("status", "False")
                    .put("lastTransitionTime", now());
            ok(call(() -> rest.strategicPatch(path + "/status", patch)), "mark " + path + " not ready");
        }
    }

    private List<JsonNode> pods(String query) {
        JsonNode list = json(call(() -> rest.get(podsPath() + "?" + query)), "list pods");
        List<JsonNode> out = new ArrayList<>();
        list.path("items").forEach(out::add);
        return out;
    }

    private String nodePath(String node) {
        checkNode(node);
        return "/api/v1/nodes/" + node;
    }

    private String podPath(String namespace, String pod) {
        checkNamespace(namespace);
        return "/api/v1/namespaces/" + namespace + "/pods/" + pod;
    }

    /**
     * The status the kubelet reports for a pod whose containers exited with {@code code}: Succeeded or
     * Failed, not ready, each container terminated with the reason and message.
     *
     * @param reason the container's terminated reason, or null for the kubelet's own (Completed, Error)
     */
    public static ObjectNode exitedStatus(JsonNode pod, int code, String reason, String message) {
        String now = now();
        ObjectNode patch = KubeJson.MAPPER.createObjectNode();
        ObjectNode st = patch.putObject("status");
        st.put("phase", code == 0 ? "Succeeded" : "Failed");
        st.putArray("conditions").addObject().put("type", "Ready").put("status", "False").put("lastTransitionTime", now)
                .put("reason", "PodCompleted");
        ArrayNode cs = st.putArray("containerStatuses");
        for (JsonNode c : pod.path("spec").path("containers")) {
            ObjectNode s = cs.addObject().put("name", c.path("name").asText()).put("image", c.path("image").asText())
                    .put("imageID", c.path("image").asText()).put("ready", false).put("started", false).put("restartCount", 0);
            ObjectNode t = s.putObject("state").putObject("terminated").put("exitCode", code)
                    .put("reason", reason != null ? reason : code == 0 ? "Completed" : "Error").put("finishedAt", now);
            if (message != null) {
                t.put("message", message);
            }
        }
        return patch;
    }

    private static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @FunctionalInterface
    protected interface Call<T> {
        T call() throws IOException;
    }

    /** {@code c}, with an I/O failure unchecked (a fault that cannot be struck ends the drill in words). */
    protected static <T> T call(Call<T> c) {
        try {
            return c.call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    protected static void ok(KubeRest.Answer a, String what) {
        if (!a.ok()) {
            throw new IllegalStateException("could not " + what + ": " + a.message());
        }
    }

    protected static JsonNode json(KubeRest.Answer a, String what) {
        ok(a, what);
        try {
            return a.json();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
