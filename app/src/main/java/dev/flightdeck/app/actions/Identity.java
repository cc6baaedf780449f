package dev.flightdeck.app.actions;

import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.SelfReview;

import java.io.IOException;

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
            KubeRest.Answer a = rest.post(ApiResource.SELF_SUBJECT_REVIEWS.path(), SelfReview.asking());
            if (a.ok()) {
                String name = a.as(SelfReview.class).username();
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
