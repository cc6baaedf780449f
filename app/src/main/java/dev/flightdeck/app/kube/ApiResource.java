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
    public static final ApiResource DAEMONSETS = new ApiResource("apps", "v1", "daemonsets", "DaemonSet", true);
    /** Asks whether the caller may do one thing: created, never stored (cluster-scoped, answers in its status). */
    public static final ApiResource SELF_SUBJECT_ACCESS_REVIEWS = new ApiResource("authorization.k8s.io", "v1",
            "selfsubjectaccessreviews", "SelfSubjectAccessReview", false);
    /** Asks who the caller is, as the server authenticated it (Kubernetes 1.28+). */
    public static final ApiResource SELF_SUBJECT_REVIEWS = new ApiResource("authentication.k8s.io", "v1",
            "selfsubjectreviews", "SelfSubjectReview", false);

    // The gang objects the console reads when a cluster serves them (conventions §3), at the version it reads.
    public static final ApiResource JOBSETS = new ApiResource("jobset.x-k8s.io", "v1alpha2", "jobsets", "JobSet", true);
    public static final ApiResource MPIJOBS = new ApiResource("kubeflow.org", "v2beta1", "mpijobs", "MPIJob", true);
    public static final ApiResource PYTORCHJOBS = new ApiResource("kubeflow.org", "v1", "pytorchjobs", "PyTorchJob", true);
    public static final ApiResource LEADERWORKERSETS = new ApiResource("leaderworkerset.x-k8s.io", "v1",
            "leaderworkersets", "LeaderWorkerSet", true);
    public static final ApiResource VOLCANO_JOBS = new ApiResource("batch.volcano.sh", "v1alpha1", "jobs", "Job", true);
    public static final ApiResource VOLCANO_PODGROUPS = new ApiResource("scheduling.volcano.sh", "v1beta1", "podgroups",
            "PodGroup", true);
    /** The scheduler-plugins coscheduling PodGroup. */
    public static final ApiResource COSCHEDULING_PODGROUPS = new ApiResource("scheduling.x-k8s.io", "v1alpha1",
            "podgroups", "PodGroup", true);
    public static final ApiResource VOLCANO_QUEUES = new ApiResource("scheduling.volcano.sh", "v1beta1", "queues",
            "Queue", false);

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

    /** The same resource at another version of its group (Kueue's v1beta1 where v1beta2 is not served). */
    public ApiResource atVersion(String otherVersion) {
        return new ApiResource(group, otherVersion, resource, kind, namespaced);
    }

    /** {@code pods}, {@code jobs.batch}: how kubectl and the API server's messages name it. */
    public String qualifiedName() {
        return group.isEmpty() ? resource : resource + "." + group;
    }
}
