package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the simulated controllers put a recreated workload's pods, kept simple since the sandbox
 * has no scheduler: each rank goes back to the node its predecessor (same workload name, same
 * rank labels) ran on, when that node still exists, is not cordoned and has the GPUs free;
 * otherwise it stays Pending. Ranks of a workload never seen before stay Pending too.
 */
final class SandboxPlacement {

    /** Labels that tell one rank from another, by gang system (conventions §3). */
    private static final List<String> RANK_LABELS = List.of("jobset.sigs.k8s.io/replicatedjob-name",
            "jobset.sigs.k8s.io/job-index", "batch.kubernetes.io/job-completion-index",
            "training.kubeflow.org/replica-type", "training.kubeflow.org/replica-index");

    private final ObjectStore store;
    /** namespace/workload → rank → node, from the pods deleted with that workload. */
    private final Map<String, Map<String, String>> previous = new ConcurrentHashMap<>();

    SandboxPlacement(ObjectStore store) {
        this.store = store;
    }

    /** Remembers where a pod of a deleted workload ran. */
    void remember(JsonNode pod) {
        String node = pod.path("spec").path("nodeName").asText(null);
        if (node != null) {
            previous.computeIfAbsent(workload(pod), k -> new ConcurrentHashMap<>()).put(rank(pod), node);
        }
    }

    /** The node for a new pod (its labels set), or null to leave it Pending. */
    String nodeFor(JsonNode pod) throws StoreException {
        String node = previous.getOrDefault(workload(pod), Map.of()).get(rank(pod));
        if (node == null) {
            return null;
        }
        ObjectNode n;
        try {
            n = store.get("nodes", null, node);
        } catch (StoreException gone) {
            return null;
        }
        if (n.path("spec").path("unschedulable").asBoolean(false)) {
            return null;
        }
        int free = n.path("status").path("allocatable").path("nvidia.com/gpu").asInt(0) - gpusInUse(node);
        return gpus(pod) <= free ? node : null;
    }

    private int gpusInUse(String node) throws StoreException {
        int used = 0;
        for (StoredObject o : store.table("pods").list(s -> node.equals(s.nodeName()), null, 0).items()) {
            JsonNode p = ObjectStore.parse(o.json());
            String phase = p.path("status").path("phase").asText();
            if (!phase.equals("Succeeded") && !phase.equals("Failed") && !p.path("metadata").has("deletionTimestamp")) {
                used += gpus(p);
            }
        }
        return used;
    }

    private static int gpus(JsonNode pod) {
        int n = 0;
        for (JsonNode c : pod.path("spec").path("containers")) {
            n += c.path("resources").path("limits").path("nvidia.com/gpu").asInt(0);
        }
        return n;
    }

    /** The top workload a pod belongs to: its JobSet or Kubeflow job, else its Job. */
    private static String workload(JsonNode pod) {
        JsonNode l = pod.path("metadata").path("labels");
        String name = l.path("jobset.sigs.k8s.io/jobset-name").asText(
                l.path("training.kubeflow.org/job-name").asText(l.path("batch.kubernetes.io/job-name").asText("")));
        return pod.path("metadata").path("namespace").asText() + "/" + name;
    }

    /** MPI's launcher has a role but no index; every other rank is told apart by its index labels. */
    private static String rank(JsonNode pod) {
        JsonNode l = pod.path("metadata").path("labels");
        StringBuilder key = new StringBuilder();
        for (String k : RANK_LABELS) {
            if (l.has(k)) {
                key.append(k).append('=').append(l.path(k).asText()).append(';');
            }
        }
        if (!l.has("training.kubeflow.org/replica-type")) {
            key.append(l.path("training.kubeflow.org/job-role").asText(""));
        }
        return key.toString();
    }
}
