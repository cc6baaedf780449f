package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which gang a pod belongs to (the label its controller writes, conventions §3), its rank, how many ranks the gang
 * has, and when and where the gang first failed (its earliest container that ended with an error): what a rank's
 * log depends on beyond its own pod. Remembered for a second per gang, so the 512 log requests of one summary read
 * the gang's pods once, not 512 times.
 */
final class SandboxGangFailures {

    /** The gang labels, most specific first (a JobSet's pods carry a Job's name too). */
    private static final String[] GANG_LABELS = {"jobset.sigs.k8s.io/jobset-name", "training.kubeflow.org/job-name",
            "leaderworkerset.sigs.k8s.io/name", "volcano.sh/job-name", "batch.kubernetes.io/job-name",
            "scheduling.x-k8s.io/pod-group"};
    private static final String[] RANK_LABELS = {"batch.kubernetes.io/job-completion-index", "training.kubeflow.org/replica-index",
            "leaderworkerset.sigs.k8s.io/worker-index", "volcano.sh/task-index"};
    private static final long REMEMBER_MS = 1000;

    /** A gang as its ranks' logs see it; {@code firstFailedPod} null while none failed. */
    record Gang(String label, String name, int ranks, Instant firstFailedAt, String firstFailedPod, String firstFailedNode,
                Map<Integer, String> nodesByRank) {
        boolean failed() {
            return firstFailedAt != null;
        }

        /** The node of the next rank (its ring neighbour in an all-reduce), else {@code fallback}. */
        String neighbour(int rank, String fallback) {
            String n = nodesByRank.get(rank + 1);
            if (n == null) {
                n = nodesByRank.get(0);
            }
            return n == null || n.equals(fallback) ? fallback : n;
        }
    }

    private record Remembered(Gang gang, long at) { }

    private final ObjectStore store;
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();

    SandboxGangFailures(ObjectStore store) {
        this.store = store;
    }

    /** The gang a pod's labels name ({@code namespace}-local), or null for a pod of no gang. */
    static String gangName(Map<String, String> labels) {
        for (String label : GANG_LABELS) {
            String name = labels.get(label);
            if (name != null && !name.isEmpty()) {
                return name;
            }
        }
        return null;
    }

    /** The pod's gang, or null for a pod of no gang. */
    Gang of(ObjectNode pod) throws StoreException {
        JsonNode labels = pod.path("metadata").path("labels");
        String ns = pod.path("metadata").path("namespace").asText();
        for (String label : GANG_LABELS) {
            String name = labels.path(label).asText("");
            if (!name.isEmpty()) {
                String key = ns + "/" + label + "=" + name;
                long now = System.currentTimeMillis();
                Remembered r = remembered.get(key);
                if (r == null || now - r.at() > REMEMBER_MS) {
                    r = new Remembered(read(ns, label, name), now);
                    remembered.put(key, r);
                }
                return r.gang();
            }
        }
        return null;
    }

    private Gang read(String ns, String label, String name) throws StoreException {
        List<ObjectNode> pods = store.list("pods", ns, l -> name.equals(l.get(label)));
        Instant first = null;
        String firstPod = null;
        String firstNode = null;
        Map<Integer, String> nodes = new java.util.HashMap<>();
        for (ObjectNode p : pods) {
            String node = p.path("spec").path("nodeName").asText("");
            if (!node.isEmpty()) {
                nodes.put(rank(p), node);
            }
            JsonNode t = p.path("status").path("containerStatuses").path(0).path("state").path("terminated");
            Instant at = t.path("exitCode").asInt(0) != 0 ? SandboxRankLogs.time(t.path("finishedAt")) : null;
            if (at != null && (first == null || at.isBefore(first))) {
                first = at;
                firstPod = p.path("metadata").path("name").asText();
                firstNode = p.path("spec").path("nodeName").asText(null);
            }
        }
        return new Gang(label, name, pods.size(), first, firstPod, firstNode, Map.copyOf(nodes));
    }

    /** The pod's rank within its gang, as its labels or annotations say; 0 when they say nothing. */
    static int rank(ObjectNode pod) {
        for (String key : RANK_LABELS) {
            for (String where : new String[]{"labels", "annotations"}) {
                String v = pod.path("metadata").path(where).path(key).asText("");
                if (!v.isEmpty()) {
                    try {
                        return Integer.parseInt(v);
                    } catch (NumberFormatException ignored) {
                        // not a number: try the next
                    }
                }
            }
        }
        return 0;
    }
}
