package dev.flightdeck.app.actions;

import dev.flightdeck.app.kube.KubeRest;
import java.io.IOException;
import java.util.Map;

/**
 * Who the API server says we are, for the journal and the events we write: {@code SelfSubjectReview}
 * (served from Kubernetes 1.28); older servers, or an error, fall back to the kubeconfig's user
 * name, marked as such. Never a token or a certificate.
 */
public final class Identity {

    private Identity() {
    }

    public static String who(KubeRest rest, String kubeconfigUser) {
        try {
            KubeRest.Answer a = rest.post("/apis/authentication.k8s.io/v1/selfsubjectreviews",
                    Map.of("apiVersion", "authentication.k8s.io/v1", "kind", "SelfSubjectReview"));
            if (a.ok()) {
                String name = a.json().path("status").path("userInfo").path("username").asText("");
                if (!name.isEmpty()) {
                    return name;
                }
            }
        } catch (IOException e) {
            // fall through to the kubeconfig's name
        }
        return (kubeconfigUser == null || kubeconfigUser.isEmpty() ? "unknown" : kubeconfigUser) + " (kubeconfig user)";
    }
}
