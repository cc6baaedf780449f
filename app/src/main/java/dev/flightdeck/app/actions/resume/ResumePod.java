package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One pod of the workload as the plan saw it: it goes with the workload, and the executor waits
 * until it is gone (or its UID changed) before creating the new object.
 */
public record ResumePod(String namespace, String name, String uid, String node, String phase) {

    public static ResumePod of(JsonNode pod) {
        JsonNode meta = pod.path("metadata");
        return new ResumePod(meta.path("namespace").asText(), meta.path("name").asText(), meta.path("uid").asText(),
                pod.path("spec").path("nodeName").asText(null), pod.path("status").path("phase").asText(""));
    }

    public String path() {
        return "/api/v1/namespaces/" + namespace + "/pods/" + name;
    }
}
