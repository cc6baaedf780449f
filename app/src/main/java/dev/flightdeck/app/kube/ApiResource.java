package dev.flightdeck.app.kube;

/**
 * One resource of the Kubernetes API as the server names it: group (empty for the core group), version,
 * plural resource name, its kind, and whether it lives in a namespace. Paths to it are made by {@link ApiPath},
 * never by hand.
 */
public record ApiResource(String group, String version, String resource, String kind, boolean namespaced) {

    public static final ApiResource PODS = core("pods", "Pod", true);
    public static final ApiResource NODES = core("nodes", "Node", false);
    public static final ApiResource NAMESPACES = core("namespaces", "Namespace", false);
    public static final ApiResource EVENTS_CORE = core("events", "Event", true);
    public static final ApiResource CONFIGMAPS = core("configmaps", "ConfigMap", true);
    public static final ApiResource SERVICES = core("services", "Service", true);
    public static final ApiResource SECRETS = core("secrets", "Secret", true);
    public static final ApiResource EVENTS = new ApiResource("events.k8s.io", "v1", "events", "Event", true);
    public static final ApiResource JOBS = new ApiResource("batch", "v1", "jobs", "Job", true);
    public static final ApiResource LEASES = new ApiResource("coordination.k8s.io", "v1", "leases", "Lease", true);
    public static final ApiResource PDBS = new ApiResource("policy", "v1", "poddisruptionbudgets", "PodDisruptionBudget", true);

    private static ApiResource core(String resource, String kind, boolean namespaced) {
        return new ApiResource("", "v1", resource, kind, namespaced);
    }

    /** {@code v1} or {@code batch/v1}, as an object's apiVersion says it. */
    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    /** The path to the collection across namespaces (or the cluster's, for a cluster-scoped resource). */
    public ApiPath path() {
        return ApiPath.of(this);
    }

    /** {@code pods}, {@code jobs.batch}: how kubectl and the API server's messages name it. */
    public String qualifiedName() {
        return group.isEmpty() ? resource : resource + "." + group;
    }
}
