package dev.flightdeck.app.kube;

/**
 * Which object something is about: an Event's {@code regarding} (events.k8s.io/v1) or
 * {@code involvedObject} (core v1). {@code namespace} is empty for a cluster-scoped object (a Node).
 */
public record ObjectReference(String apiVersion, String kind, String namespace, String name, String uid,
                              String fieldPath) {

    public ObjectReference {
        apiVersion = apiVersion == null ? "" : apiVersion;
        kind = kind == null ? "" : kind;
        namespace = namespace == null ? "" : namespace;
        name = name == null ? "" : name;
        uid = uid == null ? "" : uid;
        fieldPath = fieldPath == null ? "" : fieldPath;
    }

    public static ObjectReference of(String kind, String namespace, String name) {
        return new ObjectReference(null, kind, namespace, name, null, null);
    }

    /** {@code node/gpu-node-007}, {@code pod training/llm-0}: how a line names it. */
    @Override
    public String toString() {
        String k = kind.toLowerCase(java.util.Locale.ROOT);
        return namespace.isEmpty() ? k + "/" + name : k + " " + namespace + "/" + name;
    }
}
