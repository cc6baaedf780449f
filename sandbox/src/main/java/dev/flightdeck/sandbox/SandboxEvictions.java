package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The {@code pods/eviction} subresource, simulated as the API server's eviction REST handler
 * behaves: a terminal pod is simply deleted; a pod covered by more than one budget is refused
 * with 500; a pod whose PodDisruptionBudget would fall below its desired healthy count is
 * refused with 429 and the real Status body (no Retry-After, as kube-apiserver sends none);
 * otherwise the pod is marked with the {@code DisruptionTarget} condition and deleted, and its
 * Job (if any) is told so it can replace it.
 *
 * <p>Simplified: the healthy count is computed at the request from pods that are Running and
 * Ready (the real server reads the budget's status, which the disruption controller keeps);
 * grace periods end at once. Between evictions, {@link SandboxDisruptionController} keeps the
 * budgets' status as the real controller does.
 */
final class SandboxEvictions {

    static final String PDBS = "policy/poddisruptionbudgets";
    /** How many times an eviction decides again over a budget changed meanwhile (kube-apiserver retries on conflict). */
    private static final int CONFLICT_ATTEMPTS = 5;

    private final ObjectStore store;
    private final SandboxJobController jobs;

    SandboxEvictions(ObjectStore store, SandboxJobController jobs) {
        this.store = store;
        this.jobs = jobs;
    }

    /** What the API server answers: an HTTP code and a Status body. */
    record Answer(int code, String body) {
    }

    Answer evict(String namespace, String name) throws StoreException {
        ObjectNode pod = store.get("pods", namespace, name); // 404 NotFound when it is already gone
        String phase = pod.path("status").path("phase").asText();
        if (!phase.equals("Succeeded") && !phase.equals("Failed")) {
            Answer refused = budgetSaysNo(namespace, pod);
            if (refused != null) {
                return refused;
            }
        }
        disruptionTarget(pod);
        store.replace("pods", namespace, name, pod);
        store.delete("pods", namespace, name);
        jobs.podEvicted(pod);
        return new Answer(201, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Success\",\"code\":201}");
    }

    /**
     * The budget's refusal, or null when it spares the pod (its status written either way). As kube-apiserver's
     * eviction, a budget changed meanwhile (the disruption controller wrote its status: 409 Conflict) is read again
     * and the decision made anew, a few times, instead of answering the conflict.
     */
    private Answer budgetSaysNo(String namespace, ObjectNode pod) throws StoreException {
        for (int attempt = 1; ; attempt++) {
            try {
                return budgetDecision(namespace, pod);
            } catch (StoreException e) {
                if (e.code() != 409 || attempt == CONFLICT_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private Answer budgetDecision(String namespace, ObjectNode pod) throws StoreException {
        List<ObjectNode> budgets = store.list(PDBS, namespace, labels -> true).stream()
                .filter(b -> Selectors.matches(b.path("spec").get("selector"), labelsOf(pod))).toList();
        if (budgets.size() > 1) {
            // The real server's Status for this carries no reason.
            return status(500, null,
                    "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.", null);
        }
        if (budgets.isEmpty()) {
            return null;
        }
        ObjectNode pdb = budgets.getFirst();
        int healthy = healthy(namespace, pdb.path("spec").get("selector"));
        int desired = desiredHealthy(pdb, namespace);
        // A healthy pod needs a disruption to spare; an unhealthy one only a budget that is met
        // (unhealthyPodEvictionPolicy IfHealthyBudget, the default).
        boolean allowed = isHealthy(pod) ? healthy > desired : healthy >= desired;
        writeStatus(pdb, healthy - (allowed && isHealthy(pod) ? 1 : 0), desired);
        if (!allowed) {
            return status(429, "TooManyRequests", "Cannot evict pod as it would violate the pod's disruption budget.",
                    "The disruption budget " + pdb.path("metadata").path("name").asText() + " needs " + desired
                            + " healthy pods and has " + healthy + " currently");
        }
        return null;
    }

    /** What the disruption controller would write after this decision, so plans read a current budget. */
    private void writeStatus(ObjectNode pdb, int healthy, int desired) throws StoreException {
        ObjectNode st = pdb.putObject("status");
        st.put("currentHealthy", healthy).put("desiredHealthy", desired)
                .put("disruptionsAllowed", Math.max(0, healthy - desired))
                .put("observedGeneration", pdb.path("metadata").path("generation").asLong(1));
        store.replace(PDBS, pdb.path("metadata").path("namespace").asText(), pdb.path("metadata").path("name").asText(), pdb);
    }

    /** A budget as a gang's owner writes it, with the status the disruption controller would report. */
    static ObjectNode budget(String namespace, String name, java.util.Map<String, String> matchLabels, int minAvailable,
                             int currentHealthy) {
        ObjectNode pdb = SandboxJson.MAPPER.createObjectNode();
        pdb.putObject("metadata").put("name", name).put("namespace", namespace).put("generation", 1);
        ObjectNode spec = pdb.putObject("spec");
        spec.put("minAvailable", minAvailable);
        ObjectNode ml = spec.putObject("selector").putObject("matchLabels");
        matchLabels.forEach(ml::put);
        pdb.putObject("status").put("currentHealthy", currentHealthy).put("desiredHealthy", minAvailable)
                .put("disruptionsAllowed", Math.max(0, currentHealthy - minAvailable)).put("observedGeneration", 1);
        return pdb;
    }

    private int healthy(String namespace, JsonNode selector) throws StoreException {
        int n = 0;
        for (ObjectNode p : store.list("pods", namespace, labels -> Selectors.matches(selector, labels))) {
            if (isHealthy(p)) {
                n++;
            }
        }
        return n;
    }

    private int desiredHealthy(ObjectNode pdb, String namespace) throws StoreException {
        JsonNode spec = pdb.path("spec");
        int expected = store.list("pods", namespace, labels -> Selectors.matches(spec.get("selector"), labels)).size();
        return SandboxDisruptionController.desired(spec, expected);
    }

    static boolean isHealthy(JsonNode pod) {
        if (!"Running".equals(pod.path("status").path("phase").asText())) {
            return false;
        }
        for (JsonNode c : pod.path("status").path("conditions")) {
            if ("Ready".equals(c.path("type").asText())) {
                return "True".equals(c.path("status").asText());
            }
        }
        return false;
    }

    private static java.util.Map<String, String> labelsOf(JsonNode pod) {
        java.util.Map<String, String> m = new java.util.HashMap<>();
        pod.path("metadata").path("labels").properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }

    /** The condition the eviction API adds, which Job pod failure policies match to not count the loss. */
    private static void disruptionTarget(ObjectNode pod) {
        ArrayNode conditions = pod.with("status").withArray("conditions");
        ObjectNode c = conditions.addObject();
        c.put("type", "DisruptionTarget").put("status", "True").put("reason", "EvictionByEvictionAPI")
                .put("message", "Eviction API: evicting").put("lastTransitionTime",
                        Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    private static Answer status(int code, String reason, String message, String cause) {
        ObjectNode s = SandboxJson.MAPPER.createObjectNode();
        s.put("kind", "Status").put("apiVersion", "v1").putObject("metadata");
        s.put("status", "Failure").put("message", message);
        if (reason != null) {
            s.put("reason", reason);
        }
        if (cause != null) {
            s.putObject("details").putArray("causes").addObject().put("reason", "DisruptionBudget").put("message", cause);
        }
        s.put("code", code);
        return new Answer(code, s.toString());
    }
}
