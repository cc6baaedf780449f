package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.Map;

/**
 * A simulated validating admission webhook, so tests can make a create fail on purpose: the next
 * {@code times} creates of one named object are denied with 403 and the words kube-apiserver
 * uses for a webhook denial ({@code admission webhook "NAME" denied the request: REASON}).
 * Nothing is denied unless a test asks; real admission (quotas, policies) is not simulated.
 */
public final class SandboxAdmission {

    static final String WEBHOOK = "sandbox-admission.flightdeck.dev";

    private record Denial(int times, String reason) {
    }

    private final Map<String, Denial> denials = new HashMap<>();

    /** Denies the next {@code times} creates of {@code table} object {@code namespace/name} with {@code reason}. */
    public synchronized void denyCreates(String table, String namespace, String name, int times, String reason) {
        denials.put(key(table, namespace, name), new Denial(times, reason));
    }

    /** @throws StoreException 403 when a denial is pending for this object (and uses it up) */
    synchronized void admit(String table, JsonNode obj) throws StoreException {
        JsonNode meta = obj.path("metadata");
        String key = key(table, meta.path("namespace").asText(null), meta.path("name").asText());
        Denial d = denials.get(key);
        if (d == null) {
            return;
        }
        if (d.times() <= 1) {
            denials.remove(key);
        } else {
            denials.put(key, new Denial(d.times() - 1, d.reason()));
        }
        throw new StoreException(403, "Forbidden", "admission webhook \"" + WEBHOOK + "\" denied the request: " + d.reason());
    }

    private static String key(String table, String namespace, String name) {
        return table + "/" + namespace + "/" + name;
    }
}
