package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.kube.DiscoveryDocuments;
import dev.flightdeck.app.kube.DiscoveryPath;
import dev.flightdeck.app.kube.KubeRest;

import java.io.IOException;

/**
 * Which Eviction the server takes, read from discovery as kubectl does: the {@code pods/eviction}
 * subresource in {@code /api/v1} names its group version — {@code policy/v1} from Kubernetes 1.22,
 * {@code policy/v1beta1} before (removed in 1.25). A server that lists no eviction subresource
 * cannot evict; the drain then says so instead of deleting pods behind the budgets' back.
 */
public enum EvictionApi {
    POLICY_V1("policy/v1"),
    POLICY_V1BETA1("policy/v1beta1"),
    NONE(null);

    private final String apiVersion;

    EvictionApi(String apiVersion) {
        this.apiVersion = apiVersion;
    }

    /** The Eviction body's {@code apiVersion}, or null for NONE. */
    public String apiVersion() {
        return apiVersion;
    }

    /** From the body of {@code GET /api/v1}. */
    public static EvictionApi from(DiscoveryDocuments.ResourceList coreResources) {
        for (DiscoveryDocuments.Resource r : coreResources.resources()) {
            if ("pods/eviction".equals(r.name())) {
                // The group and version are given since 1.x; a bare entry (very old servers) is policy/v1beta1.
                return "v1".equals(r.version()) ? POLICY_V1 : POLICY_V1BETA1;
            }
        }
        return NONE;
    }

    /** Asks the server; when discovery cannot be read, policy/v1 (every supported server has it). */
    public static EvictionApi of(KubeRest rest) {
        try {
            KubeRest.Answer a = rest.discover(DiscoveryPath.resources("", "v1"), "application/json");
            return a.ok() ? from(a.as(DiscoveryDocuments.ResourceList.class)) : POLICY_V1;
        } catch (IOException e) {
            return POLICY_V1;
        }
    }
}
