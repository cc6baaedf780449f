package dev.flightdeck.app.actions.resume;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.PodObject;

/**
 * One pod of the workload as the plan saw it: it goes with the workload, and the executor waits
 * until it is gone (or its UID changed) before creating the new object.
 */
public record ResumePod(String namespace, String name, String uid, String node, String phase) {

    public static ResumePod of(PodObject pod) {
        return new ResumePod(text(pod.namespace()), text(pod.name()), text(pod.metadata().uid()), pod.spec().nodeName(),
                pod.phase());
    }

    public ApiPath path() {
        return ApiResource.PODS.path().in(namespace).named(name);
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
