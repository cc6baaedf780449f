package dev.flightdeck.app.gangs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.fleet.Rfc3339;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The gang objects the console watches when the cluster serves them (conventions §3),
 * and how each says how many ranks its gang needs and what phase it is in.
 */
public record WorkloadKind(String group, String version, String resource, String kind, GangSystem system,
                           BiFunction<GangKey, JsonNode, List<WorkloadFacts>> reader) {

    public static final List<WorkloadKind> ALL = List.of(
            new WorkloadKind("batch", "v1", "jobs", "Job", GangSystem.INDEXED_JOB, WorkloadKind::indexedJob),
            new WorkloadKind("jobset.x-k8s.io", "v1alpha2", "jobsets", "JobSet", GangSystem.JOBSET, WorkloadKind::jobSet),
            new WorkloadKind("kubeflow.org", "v2beta1", "mpijobs", "MPIJob", GangSystem.MPIJOB,
                    (k, o) -> replicaSpecs(k, o, "mpiReplicaSpecs")),
            new WorkloadKind("kubeflow.org", "v1", "pytorchjobs", "PyTorchJob", GangSystem.PYTORCHJOB,
                    (k, o) -> replicaSpecs(k, o, "pytorchReplicaSpecs")),
            new WorkloadKind("leaderworkerset.x-k8s.io", "v1", "leaderworkersets", "LeaderWorkerSet",
                    GangSystem.LEADER_WORKER_SET, WorkloadKind::leaderWorkerSet),
            new WorkloadKind("batch.volcano.sh", "v1alpha1", "jobs", "Job", GangSystem.VOLCANO, WorkloadKind::volcanoJob),
            new WorkloadKind("scheduling.volcano.sh", "v1beta1", "podgroups", "PodGroup", GangSystem.VOLCANO,
                    WorkloadKind::podGroup),
            new WorkloadKind("scheduling.x-k8s.io", "v1alpha1", "podgroups", "PodGroup", GangSystem.POD_GROUP,
                    WorkloadKind::podGroup));

    /**
     * Whether a gang object is controlled by another gang object the console reads: a JobSet's
     * child Jobs, the PodGroup a Volcano Job, MPIJob or PyTorchJob makes for its gang scheduler.
     * Such an object is a part of its owner's gang, whose own object already says how many
     * ranks it needs; read as a gang of its own it would show a phantom gang with every rank
     * missing, since the pods are named after the owner. A PodGroup owned by a kind the console
     * does not read (a TFJob, a RayCluster) stays the gang object it is.
     */
    public static boolean controlledByGangObject(JsonNode metadata) {
        for (JsonNode ref : metadata.path("ownerReferences")) {
            if (!ref.path("controller").asBoolean(false)) {
                continue;
            }
            String apiVersion = ref.path("apiVersion").asText("");
            String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
            String ownerKind = ref.path("kind").asText("");
            if (ALL.stream().anyMatch(k -> k.group().equals(group) && k.kind().equals(ownerKind))) {
                return true;
            }
        }
        return false;
    }

    public String groupVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    /** The collection path across all namespaces, e.g. /apis/batch/v1/jobs. */
    public String path() {
        return (group.isEmpty() ? "/api/" : "/apis/" + group + "/") + version + "/" + resource;
    }

    public String id() {
        return group + "/" + resource;
    }

    private static List<WorkloadFacts> indexedJob(GangKey key, JsonNode o) {
        JsonNode spec = o.path("spec");
        if (!"Indexed".equals(spec.path("completionMode").asText())) {
            return List.of(); // a plain Job is no gang
        }
        int parallelism = spec.path("parallelism").asInt(1);
        int completions = spec.path("completions").asInt(parallelism);
        return List.of(facts(key, o, Math.min(parallelism, completions), conditionPhase(o)));
    }

    private static List<WorkloadFacts> jobSet(GangKey key, JsonNode o) {
        int ranks = 0;
        for (JsonNode rj : o.path("spec").path("replicatedJobs")) {
            ranks += rj.path("replicas").asInt(1) * rj.path("template").path("spec").path("parallelism").asInt(1);
        }
        String phase = o.path("status").path("terminalState").asText(null);
        return List.of(facts(key, o, ranks, phase != null ? phase : conditionPhase(o)));
    }

    private static List<WorkloadFacts> replicaSpecs(GangKey key, JsonNode o, String field) {
        int ranks = 0;
        for (JsonNode spec : o.path("spec").path(field)) {
            ranks += spec.path("replicas").asInt(1);
        }
        return List.of(facts(key, o, ranks, conditionPhase(o)));
    }

    /** Every LWS group is its own gang, named as LWS names the group's leader pod. */
    private static List<WorkloadFacts> leaderWorkerSet(GangKey key, JsonNode o) {
        int replicas = o.path("spec").path("replicas").asInt(1);
        int size = o.path("spec").path("leaderWorkerTemplate").path("size").asInt(1);
        List<WorkloadFacts> out = new ArrayList<>();
        for (int g = 0; g < replicas; g++) {
            out.add(facts(new GangKey(key.system(), key.namespace(), key.name() + "-" + g), o, size, conditionPhase(o)));
        }
        return out;
    }

    private static List<WorkloadFacts> volcanoJob(GangKey key, JsonNode o) {
        int min = o.path("spec").path("minAvailable").asInt(0);
        if (min == 0) {
            for (JsonNode task : o.path("spec").path("tasks")) {
                min += task.path("replicas").asInt(1);
            }
        }
        return List.of(facts(key, o, min, o.path("status").path("state").path("phase").asText(null)));
    }

    private static List<WorkloadFacts> podGroup(GangKey key, JsonNode o) {
        return List.of(facts(key, o, o.path("spec").path("minMember").asInt(0), o.path("status").path("phase").asText(null)));
    }

    /** The type of the last condition that is True (Kubeflow and JobSet style), else null. */
    private static String conditionPhase(JsonNode o) {
        String phase = null;
        for (JsonNode c : o.path("status").path("conditions")) {
            if ("True".equals(c.path("status").asText())) {
                phase = c.path("type").asText();
            }
        }
        return phase;
    }

    private static WorkloadFacts facts(GangKey key, JsonNode o, int expected, String phase) {
        Map<String, String> ann = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = o.path("metadata").path("annotations").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().startsWith("flightdeck.dev/")) {
                ann.put(e.getKey(), e.getValue().asText());
            }
        }
        return new WorkloadFacts(key, expected, phase, ann,
                Rfc3339.parseOrNull(o.path("metadata").path("creationTimestamp").asText(null)));
    }
}
