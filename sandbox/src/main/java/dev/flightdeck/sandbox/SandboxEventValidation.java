package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The one rule of kube-apiserver's validation of core/v1 Events that a client gets wrong in
 * practice, applied to the sandbox's creates so a broken Event fails here as it would on a real
 * cluster: an Event without {@code eventTime} (the legacy form the console writes) must sit in its
 * involved object's namespace — or in {@code default} (or none) when that object is cluster-scoped.
 */
final class SandboxEventValidation {

    private SandboxEventValidation() {
    }

    static void validate(JsonNode event, String namespace) throws StoreException {
        if (event.hasNonNull("eventTime")) {
            return;
        }
        String involved = event.path("involvedObject").path("namespace").asText("");
        boolean ok = involved.isEmpty() ? namespace == null || namespace.isEmpty() || namespace.equals("default")
                : involved.equals(namespace);
        if (!ok) {
            JsonNode meta = event.path("metadata");
            String name = meta.path("name").asText(meta.path("generateName").asText(""));
            throw new StoreException(422, "Invalid", "Event \"" + name + "\" is invalid: involvedObject.namespace: Invalid value: \""
                    + involved + "\": does not match event.namespace");
        }
    }
}
