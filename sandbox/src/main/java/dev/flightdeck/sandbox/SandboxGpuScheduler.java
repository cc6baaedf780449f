package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A simulated kube-scheduler for single pods pinned by node affinity (the validation pods): it runs
 * the default filter plugins that matter here, in the scheduler's order, and stops at each node's
 * first failure, as the real one does — NodeUnschedulable, TaintToleration, NodeAffinity
 * ({@code matchFields metadata.name}), NodeResourcesFit (for {@code nvidia.com/gpu} only). When no
 * node fits, it writes the scheduler's own message ("0/67 nodes are available: 1 Insufficient
 * nvidia.com/gpu, 66 node(s) didn't match Pod's node affinity/selector. preemption: …").
 *
 * <p>Simulated: the node lifecycle controller's taints are derived from the Ready condition
 * ({@code node.kubernetes.io/unreachable} when Unknown, {@code not-ready} when False) since the
 * seeded nodes do not carry them; GPUs in use are those requested by the node's unfinished pods.
 */
final class SandboxGpuScheduler {

    static final String GPU = "nvidia.com/gpu";

    /** The outcome of one scheduling attempt: a node, or the reason none fits. */
    record Decision(String node, String message) {
        boolean bound() {
            return node != null;
        }
    }

    private final ObjectStore store;

    SandboxGpuScheduler(ObjectStore store) {
        this.store = store;
    }

    Decision decide(ObjectNode pod) throws StoreException {
        JsonNode spec = pod.path("spec");
        List<String> wanted = pinnedNodes(spec);
        int gpus = gpus(spec);
        JsonNode tolerations = spec.path("tolerations");
        Map<String, Integer> reasons = new TreeMap<>();
        int insufficient = 0;
        int total = 0;
        for (StoredObject o : store.table("nodes").list(x -> true, null, 0).items()) {
            total++;
            ObjectNode node = ObjectStore.parse(o.json());
            String why = firstFailure(node, o.name(), wanted, gpus, tolerations, pod);
            if (why == null) {
                return new Decision(o.name(), null);
            }
            if (why.startsWith("Insufficient")) {
                insufficient++;
            }
            reasons.merge(why, 1, Integer::sum);
        }
        // Like the scheduler's FitError: "<count> <reason>" strings, sorted as text (so "1 …" before "66 …").
        List<String> parts = new ArrayList<>();
        reasons.forEach((why, n) -> parts.add(n + " " + why));
        parts.sort(null);
        List<String> preemption = new ArrayList<>();
        if (insufficient > 0) {
            preemption.add(insufficient + " No preemption victims found for incoming pod");
        }
        if (total > insufficient) {
            preemption.add((total - insufficient) + " Preemption is not helpful for scheduling");
        }
        preemption.sort(null);
        return new Decision(null, "0/" + total + " nodes are available: " + String.join(", ", parts)
                + ". preemption: 0/" + total + " nodes are available: " + String.join(", ", preemption) + ".");
    }

    private String firstFailure(ObjectNode node, String name, List<String> wanted, int gpus, JsonNode tolerations,
                                ObjectNode pod) throws StoreException {
        if (node.path("spec").path("unschedulable").asBoolean(false)
                && !tolerates(tolerations, "node.kubernetes.io/unschedulable", "", "NoSchedule")) {
            return "node(s) were unschedulable";
        }
        for (String[] taint : taints(node)) {
            if (!tolerates(tolerations, taint[0], taint[1], taint[2])) {
                return "node(s) had untolerated taint {" + taint[0] + ": " + taint[1] + "}";
            }
        }
        if (!wanted.isEmpty() && !wanted.contains(name)) {
            return "node(s) didn't match Pod's node affinity/selector";
        }
        int free = node.path("status").path("allocatable").path(GPU).asInt(0) - inUse(name, pod);
        return gpus > free ? "Insufficient " + GPU : null;
    }

    /** NoSchedule and NoExecute taints, with the lifecycle controller's taint for a node that is not Ready. */
    private static List<String[]> taints(ObjectNode node) {
        List<String[]> out = new ArrayList<>();
        for (JsonNode t : node.path("spec").path("taints")) {
            String effect = t.path("effect").asText();
            if (effect.equals("NoSchedule") || effect.equals("NoExecute")) {
                out.add(new String[]{t.path("key").asText(), t.path("value").asText(""), effect});
            }
        }
        for (JsonNode c : node.path("status").path("conditions")) {
            if ("Ready".equals(c.path("type").asText()) && !"True".equals(c.path("status").asText())) {
                out.add(new String[]{"Unknown".equals(c.path("status").asText()) ? "node.kubernetes.io/unreachable"
                        : "node.kubernetes.io/not-ready", "", "NoSchedule"});
            }
        }
        return out;
    }

    static boolean tolerates(JsonNode tolerations, String key, String value, String effect) {
        for (JsonNode t : tolerations) {
            String tEffect = t.path("effect").asText("");
            if (!tEffect.isEmpty() && !tEffect.equals(effect)) {
                continue;
            }
            String tKey = t.path("key").asText("");
            boolean exists = "Exists".equals(t.path("operator").asText("Equal"));
            if (exists && (tKey.isEmpty() || tKey.equals(key))) {
                return true;
            }
            if (!exists && tKey.equals(key) && t.path("value").asText("").equals(value)) {
                return true;
            }
        }
        return false;
    }

    /** The node names of {@code matchFields metadata.name In [...]}, or empty when the pod is not pinned. */
    private static List<String> pinnedNodes(JsonNode spec) {
        List<String> out = new ArrayList<>();
        for (JsonNode term : spec.path("affinity").path("nodeAffinity").path("requiredDuringSchedulingIgnoredDuringExecution")
                .path("nodeSelectorTerms")) {
            for (JsonNode f : term.path("matchFields")) {
                if ("metadata.name".equals(f.path("key").asText()) && "In".equals(f.path("operator").asText())) {
                    f.path("values").forEach(v -> out.add(v.asText()));
                }
            }
        }
        return out;
    }

    static int gpus(JsonNode podSpec) {
        int n = 0;
        for (JsonNode c : podSpec.path("containers")) {
            n += c.path("resources").path("limits").path(GPU).asInt(0);
        }
        return n;
    }

    /** GPUs requested by the node's unfinished pods, other than {@code pod} itself. */
    private int inUse(String node, ObjectNode pod) throws StoreException {
        String self = pod.path("metadata").path("namespace").asText() + "/" + pod.path("metadata").path("name").asText();
        int used = 0;
        for (StoredObject o : store.table("pods").list(p -> node.equals(p.nodeName()) && !"Succeeded".equals(p.phase())
                && !"Failed".equals(p.phase()) && !self.equals(p.key()), null, 0).items()) {
            used += gpus(ObjectStore.parse(o.json()).path("spec"));
        }
        return used;
    }
}
