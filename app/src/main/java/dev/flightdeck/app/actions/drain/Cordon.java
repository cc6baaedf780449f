package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;

import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Cordon and uncordon as kubectl does them ({@code spec.unschedulable}), plus the console's
 * record of who cordoned and why in {@code flightdeck.dev/cordon-*} annotations (conventions §2),
 * so teammates looking at the node see the reason without asking around.
 */
public final class Cordon {

    public static final String REASON = "flightdeck.dev/cordon-reason";
    public static final String BY = "flightdeck.dev/cordoned-by";
    public static final String AT = "flightdeck.dev/cordoned-at";

    private Cordon() {
    }

    /** One merge patch, so the flag and its reason land together. */
    public static KubeRest.Answer cordon(KubeRest rest, String node, String reason, String by, Instant at)
            throws IOException {
        Map<String, Object> annotations = Map.of(REASON, reason, BY, by, AT, at.toString());
        return rest.mergePatch(ApiResource.NODES.path().named(node),
                Map.of("spec", Map.of("unschedulable", true), "metadata", Map.of("annotations", annotations)));
    }

    /** Clears the flag and the console's annotations (a null in a merge patch deletes the key). */
    public static KubeRest.Answer uncordon(KubeRest rest, String node) throws IOException {
        Map<String, Object> cleared = new HashMap<>();
        cleared.put(REASON, null);
        cleared.put(BY, null);
        cleared.put(AT, null);
        Map<String, Object> spec = new HashMap<>();
        spec.put("unschedulable", null);
        return rest.mergePatch(ApiResource.NODES.path().named(node), Map.of("spec", spec, "metadata", Map.of("annotations", cleared)));
    }
}
