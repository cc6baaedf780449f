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

    /**
     * A gang's own object — its Job, JobSet, PyTorchJob, MPIJob, LeaderWorkerSet or PodGroup — by the kind its system
     * makes (a Volcano gang: its Volcano Job); none for a gang that has no object of its own to show.
     */
    static java.util.Optional<ObjectRef> gang(dev.flightdeck.app.gangs.GangKey gang) {
        return dev.flightdeck.app.gangs.WorkloadKind.ALL.stream().filter(k -> k.system() == gang.system()).findFirst()
                .map(k -> new OfKind(k.group().isEmpty() ? k.version() : k.group() + "/" + k.version(), k.kind(),
                        gang.namespace(), gang.name()));
    }
}
