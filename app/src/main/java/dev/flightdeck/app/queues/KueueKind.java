package dev.flightdeck.app.queues;

import dev.flightdeck.app.kube.ApiResource;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The Kueue kinds the console watches (conventions §Kueue). Kueue v0.19 serves v1beta2 (stored) and
 * v1beta1; an older Kueue serves v1beta1 only. The fields read are the same in both but for a
 * ClusterQueue's cohort ({@code cohort} in v1beta1, {@code cohortName} in v1beta2) and a Cohort's
 * parent ({@code parent}, {@code parentName}); the wire records read both spellings.
 */
public enum KueueKind {
    CLUSTER_QUEUE("clusterqueues", "ClusterQueue", false),
    LOCAL_QUEUE("localqueues", "LocalQueue", true),
    WORKLOAD("workloads", "Workload", true),
    RESOURCE_FLAVOR("resourceflavors", "ResourceFlavor", false),
    COHORT("cohorts", "Cohort", false);

    public static final String GROUP = "kueue.x-k8s.io";
    /** Newest first: the first one a cluster serves is watched. */
    public static final List<String> VERSIONS = List.of("v1beta2", "v1beta1");

    private final String resource;
    private final String kind;
    private final boolean namespaced;

    KueueKind(String resource, String kind, boolean namespaced) {
        this.resource = resource;
        this.kind = kind;
        this.namespaced = namespaced;
    }

    /** The kind as Kueue names it: "Workload". */
    public String kindName() {
        return kind;
    }

    public String resource() {
        return resource;
    }

    public boolean namespaced() {
        return namespaced;
    }

    /** "group/version" of every version the console can read, for discovery. */
    public static Set<String> groupVersions() {
        return Set.copyOf(VERSIONS.stream().map(v -> GROUP + "/" + v).toList());
    }

    /**
     * The newest version of this kind among {@code served} ("group/version/resource" as discovery gives them),
     * or empty when the cluster does not serve it (no Kueue, or a Kueue too old to have Cohorts).
     */
    public Optional<String> newestServed(Set<String> served) {
        return VERSIONS.stream().filter(v -> served.contains(GROUP + "/" + v + "/" + resource)).findFirst();
    }

    /** The resource at {@code version} of Kueue's group. */
    public ApiResource api(String version) {
        return new ApiResource(GROUP, version, resource, kind, namespaced);
    }

    /** The collection path across all namespaces, e.g. /apis/kueue.x-k8s.io/v1beta2/workloads. */
    public String path(String version) {
        return api(version).path().toString();
    }

    /** How the watcher names it, e.g. workloads.kueue.x-k8s.io. */
    public String watchedName() {
        return api(VERSIONS.getFirst()).qualifiedName();
    }
}
