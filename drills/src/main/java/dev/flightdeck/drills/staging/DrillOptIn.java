package dev.flightdeck.drills.staging;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.settings.ClusterSettings;

import java.io.IOException;

/**
 * The two keys a staging drill needs, both: the person's own setting for the context
 * ({@code "drills": true}), and the cluster's consent, a ConfigMap {@code flightdeck-drills} in
 * {@code kube-public} with {@code allowed: "true"}, that its admins create. The setting is keyed by a
 * context's name, and a name is whatever a kubeconfig says: a production context renamed "staging"
 * would carry it. The ConfigMap lives on the cluster itself, in a namespace where writing takes a
 * cluster admin, and reading it is one GET of a well-known name. (A label on a namespace would not
 * do: a drill's identity must be allowed to create namespaces, and so could make the opt-in itself.)
 */
public final class DrillOptIn {

    public static final String NAMESPACE = "kube-public";
    public static final String NAME = "flightdeck-drills";
    /** What the cluster's admins run to allow drills there. */
    public static final String CREATE = "kubectl create configmap " + NAME + " -n " + NAMESPACE
            + " --from-literal=allowed=true";

    private DrillOptIn() {
    }

    /** Why the person's settings do not allow drills on {@code context}, or null when they do. */
    public static String notAllowedLocally(String context, ClusterSettings settings) {
        if (settings.drills()) {
            return null;
        }
        return "context " + context + " does not allow drills: a drill creates virtual GPU nodes and pods there. On a "
                + "staging cluster, set \"drills\": true in its settings (Cluster settings, Allow drills)";
    }

    /**
     * Why the cluster behind {@code context} has not opted in to drills, or null when it has; one line
     * with what to create. Throws only when the API server does not answer.
     */
    public static String notAllowedByCluster(KubeRest rest, String context) throws IOException {
        KubeRest.Answer a = rest.get("/api/v1/namespaces/" + NAMESPACE + "/configmaps/" + NAME);
        if (a.ok()) {
            String allowed = a.json().path("data").path("allowed").asText("");
            return allowed.equals("true") ? null : "the cluster of context " + context + " does not allow drills: ConfigMap "
                    + NAMESPACE + "/" + NAME + " says allowed=" + (allowed.isEmpty() ? "(nothing)" : allowed)
                    + "; its admins allow drills with: " + CREATE + " (or set allowed: \"true\" in it)";
        }
        if (a.code() == 404) {
            return "the cluster of context " + context + " has not opted in to drills (no ConfigMap " + NAMESPACE + "/" + NAME
                    + "); if it is a staging cluster, its admins allow drills with: " + CREATE;
        }
        return "cannot read the cluster's drill opt-in, ConfigMap " + NAMESPACE + "/" + NAME + " (" + a.message()
                + "): a drill needs to see it (get configmaps in " + NAMESPACE + "); its admins create it with: " + CREATE;
    }
}
