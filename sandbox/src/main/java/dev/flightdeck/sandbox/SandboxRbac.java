package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Simulated authorization for the sandbox: the sandbox has no RBAC and allows everything, but it
 * answers {@code SelfSubjectAccessReview} and {@code SelfSubjectReview} as a real API server does,
 * and tests (or a drill) can deny a verb on a resource so the console's permission checks are
 * exercised. Denials are only reported by the reviews; requests themselves are not refused.
 */
public final class SandboxRbac {

    /** The user the sandbox says you are. */
    public static final String USER = "sandbox-admin";

    private final Set<String> denied = ConcurrentHashMap.newKeySet();

    /** From now on, reviews answer "not allowed" for this verb on {@code resource} (e.g. "pods/eviction", "nodes"). */
    public void deny(String verb, String group, String resource) {
        denied.add(key(verb, group, resource));
    }

    public void allowAll() {
        denied.clear();
    }

    /** The review with its status filled in, as the authorization API returns it. */
    String accessReview(JsonNode review) {
        ObjectNode out = review.deepCopy();
        JsonNode attrs = review.path("spec").path("resourceAttributes");
        String resource = attrs.path("resource").asText() + (attrs.path("subresource").asText().isEmpty() ? ""
                : "/" + attrs.path("subresource").asText());
        boolean allowed = !denied.contains(key(attrs.path("verb").asText(), attrs.path("group").asText(), resource));
        // As RBAC answers: a denial carries no reason (the authorizer has no opinion, so nothing allows it).
        out.putObject("status").put("allowed", allowed);
        out.put("apiVersion", "authorization.k8s.io/v1").put("kind", "SelfSubjectAccessReview");
        return out.toString();
    }

    /** Who you are, as {@code SelfSubjectReview} says it. */
    String selfReview() {
        ObjectNode out = SandboxJson.MAPPER.createObjectNode();
        out.put("apiVersion", "authentication.k8s.io/v1").put("kind", "SelfSubjectReview").putObject("metadata");
        ObjectNode user = out.putObject("status").putObject("userInfo");
        user.put("username", USER);
        user.putArray("groups").add("system:masters").add("system:authenticated");
        return out.toString();
    }

    private static String key(String verb, String group, String resource) {
        return verb + " " + group + " " + resource;
    }
}
