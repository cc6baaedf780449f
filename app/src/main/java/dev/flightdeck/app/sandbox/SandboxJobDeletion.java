package dev.flightdeck.app.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;

/**
 * A simulated garbage collector, for Jobs' pods only: after a Job is deleted with propagationPolicy
 * Background or Foreground its pods are deleted (at once; the real collector takes a moment and
 * Foreground would delete the pods first). Without a policy, or with Orphan, the pods stay and lose
 * their owner reference, because batch/v1 Jobs orphan their pods by default through the REST API
 * (which is why kubectl asks for Background). Other kinds' dependents are not collected.
 */
final class SandboxJobDeletion {

    private final ObjectStore store;

    SandboxJobDeletion(ObjectStore store) {
        this.store = store;
    }

    /** The policy from the query parameter or the DeleteOptions body; null when neither says. */
    static String policy(String queryParam, byte[] body) {
        if (queryParam != null && !queryParam.isBlank()) {
            return queryParam;
        }
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            return KubeJson.MAPPER.readTree(body).path("propagationPolicy").asText(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** Handles the pods of {@code deleted} (the Job as it was deleted) according to {@code policy}. */
    void collect(JsonNode deleted, String policy) throws StoreException {
        String ns = deleted.path("metadata").path("namespace").asText();
        String name = deleted.path("metadata").path("name").asText();
        String uid = deleted.path("metadata").path("uid").asText();
        boolean cascade = "Background".equals(policy) || "Foreground".equals(policy);
        for (ObjectNode pod : store.list("pods", ns, l -> name.equals(l.get("batch.kubernetes.io/job-name"))
                || name.equals(l.get("job-name")))) {
            ArrayNode owners = pod.with("metadata").withArray("ownerReferences");
            int owned = -1;
            for (int i = 0; i < owners.size(); i++) {
                if (uid.equals(owners.get(i).path("uid").asText())) {
                    owned = i;
                }
            }
            if (owned < 0) {
                continue;
            }
            String podName = pod.path("metadata").path("name").asText();
            try {
                if (cascade) {
                    store.delete("pods", ns, podName);
                } else {
                    owners.remove(owned);
                    store.replace("pods", ns, podName, pod);
                }
            } catch (StoreException e) {
                // gone meanwhile: nothing left to collect
            }
        }
    }
}
