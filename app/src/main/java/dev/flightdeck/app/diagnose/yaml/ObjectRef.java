package dev.flightdeck.app.diagnose.yaml;

import dev.flightdeck.app.kube.ApiResource;

/**
 * Which object to show, in whichever terms the caller has it. The namespace of a namespaced object may be null:
 * {@link ObjectYaml} then uses its default (the context's namespace, else {@code default}, as kubectl does); for a
 * cluster-scoped object it is ignored, as kubectl ignores {@code -n} there.
 */
public sealed interface ObjectRef {

    String namespace();

    String name();

    /** A resource the console already knows: a row of the Nodes screen, a rank's pod ({@link ApiResource#PODS}). */
    record OfResource(ApiResource resource, String namespace, String name) implements ObjectRef {
    }

    /**
     * An object named by its apiVersion and kind: an owner reference (a rank's PyTorchJob), an Event's
     * involvedObject, a gang's workload. Which resource that is comes from the server's discovery.
     */
    record OfKind(String apiVersion, String kind, String namespace, String name) implements ObjectRef {
    }

    /** As a person types it for kubectl: {@code po}, {@code Node}, {@code jobs.batch}, {@code PyTorchJob}, {@code cq}. */
    record Typed(String typed, String namespace, String name) implements ObjectRef {
    }

    static ObjectRef pod(String namespace, String name) {
        return new OfResource(ApiResource.PODS, namespace, name);
    }

    static ObjectRef node(String name) {
        return new OfResource(ApiResource.NODES, null, name);
    }
}
