package dev.flightdeck.drills.staging;

/**
 * One object of a drill run as it was listed, by name and UID: the UID is what its deletion is
 * conditioned on, so an object of the same name made since (by anyone) is never the one deleted.
 *
 * @param namespace null for cluster-scoped objects (namespaces, nodes)
 * @param deleting  it was already being deleted when listed (a DELETE would only be refused again)
 */
public record DrillObject(Kind kind, String namespace, String name, String uid, boolean deleting) {

    /** What a drill leaves on a cluster, in the order a cleanup deletes it. */
    public enum Kind {
        VALIDATION_JOB("validation Job", "batch/v1", "Job"), NAMESPACE("namespace", "v1", "Namespace"),
        NODE("node", "v1", "Node"), LEASE("Lease", "coordination.k8s.io/v1", "Lease");

        private final String word;
        private final String apiVersion;
        private final String apiKind;

        Kind(String word, String apiVersion, String apiKind) {
            this.word = word;
            this.apiVersion = apiVersion;
            this.apiKind = apiKind;
        }

        public String word() {
            return word;
        }

        public String apiVersion() {
            return apiVersion;
        }

        public String apiKind() {
            return apiKind;
        }
    }

    /** The object's API path. */
    public String path() {
        return switch (kind) {
            case VALIDATION_JOB -> "/apis/batch/v1/namespaces/" + namespace + "/jobs/" + name;
            case NAMESPACE -> "/api/v1/namespaces/" + name;
            case NODE -> "/api/v1/nodes/" + name;
            case LEASE -> "/apis/coordination.k8s.io/v1/namespaces/" + namespace + "/leases/" + name;
        };
    }

    /** {@code node drill-x-gpu-000}, {@code Lease kube-node-lease/drill-x-gpu-000}. */
    public String describe() {
        return kind.word() + " " + (namespace == null ? "" : namespace + "/") + name;
    }

    /** As the plan lists it: what, and which one (its UID). */
    public String line() {
        return describe() + "  uid " + uid + (kind == Kind.NAMESPACE ? "  (with everything in it)" : "")
                + (deleting ? "  (already being deleted)" : "");
    }
}
