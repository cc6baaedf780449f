package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.WorkloadKind;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The workloads a resume knows how to recreate: where each keeps its pod templates, and the
 * label its controller puts on every pod it makes (conventions §3), so the executor can find
 * the old ranks to wait for and the new ones to verify. Other gang systems are refused: their
 * objects (a PodGroup, a Volcano Job, a LeaderWorkerSet) are not recreated this way safely.
 */
public enum ResumableKind {

    INDEXED_JOB(GangSystem.INDEXED_JOB, "Job", "batch/v1", "batch.kubernetes.io/job-name"),
    JOBSET(GangSystem.JOBSET, "JobSet", "jobset.x-k8s.io/v1alpha2", "jobset.sigs.k8s.io/jobset-name"),
    PYTORCHJOB(GangSystem.PYTORCHJOB, "PyTorchJob", "kubeflow.org/v1", "training.kubeflow.org/job-name"),
    MPIJOB(GangSystem.MPIJOB, "MPIJob", "kubeflow.org/v2beta1", "training.kubeflow.org/job-name");

    private final GangSystem system;
    private final String kind;
    private final String apiVersion;
    private final String podNameLabel;

    ResumableKind(GangSystem system, String kind, String apiVersion, String podNameLabel) {
        this.system = system;
        this.kind = kind;
        this.apiVersion = apiVersion;
        this.podNameLabel = podNameLabel;
    }

    public static Optional<ResumableKind> of(GangSystem system) {
        for (ResumableKind k : values()) {
            if (k.system == system) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    /** The kind a saved workload names ({@code apiVersion} and {@code kind}), or empty. */
    public static Optional<ResumableKind> of(String apiVersion, String kind) {
        for (ResumableKind k : values()) {
            if (k.kind.equals(kind) && k.apiVersion.equals(apiVersion)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    public String kind() {
        return kind;
    }

    public String apiVersion() {
        return apiVersion;
    }

    /** The watched kind with the same group/version/resource (its reader counts the ranks). */
    public WorkloadKind workloadKind() {
        String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
        return WorkloadKind.ALL.stream().filter(w -> w.system() == system && w.group().equals(group))
                .findFirst().orElseThrow();
    }

    /** The namespaced collection, e.g. {@code /apis/batch/v1/namespaces/training/jobs}. */
    public ApiPath collectionPath(String namespace) {
        return workloadKind().path().in(namespace);
    }

    public ApiPath objectPath(String namespace, String name) {
        return collectionPath(namespace).named(name);
    }

    /** The label query that lists every pod of the workload {@code name}. */
    public ApiPath podQuery(String namespace, String name) {
        return ApiResource.PODS.path().in(namespace).param("labelSelector", podNameLabel + "=" + name);
    }

    /**
     * The pod templates ({@code {metadata, spec}} objects) inside {@code workload}, in document
     * order, as live nodes: changing one changes the workload.
     */
    public List<ObjectNode> podTemplates(JsonNode workload) {
        JsonNode spec = workload.path("spec");
        List<ObjectNode> out = new ArrayList<>();
        switch (this) {
            case INDEXED_JOB -> add(out, spec.path("template"));
            case JOBSET -> spec.path("replicatedJobs").forEach(rj -> add(out, rj.path("template").path("spec").path("template")));
            case PYTORCHJOB -> spec.path("pytorchReplicaSpecs").forEach(r -> add(out, r.path("template")));
            case MPIJOB -> spec.path("mpiReplicaSpecs").forEach(r -> add(out, r.path("template")));
        }
        return out;
    }

    private static void add(List<ObjectNode> out, JsonNode template) {
        if (template instanceof ObjectNode o) {
            out.add(o);
        }
    }
}
