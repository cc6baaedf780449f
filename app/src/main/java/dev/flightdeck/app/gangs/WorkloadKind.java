package dev.flightdeck.app.gangs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.Condition;
import dev.flightdeck.app.kube.JobObject;
import dev.flightdeck.app.kube.JobSetObject;
import dev.flightdeck.app.kube.KubeObject;
import dev.flightdeck.app.kube.KubeflowJobObject;
import dev.flightdeck.app.kube.LeaderWorkerSetObject;
import dev.flightdeck.app.kube.ObjectMeta;
import dev.flightdeck.app.kube.PodGroupObject;
import dev.flightdeck.app.kube.VolcanoJobObject;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The gang objects the console watches when the cluster serves them (conventions §3),
 * and how each says how many ranks its gang needs and what phase it is in.
 */
public record WorkloadKind(ApiResource api, GangSystem system, Reader reader) {

    /** Reads one object of the kind into the gangs it describes; a field of the wrong type fails the object. */
    @FunctionalInterface
    public interface Reader {
        List<WorkloadFacts> read(GangKey key, JsonNode object) throws IOException;
    }

    public static final List<WorkloadKind> ALL = List.of(
            new WorkloadKind(ApiResource.JOBS, GangSystem.INDEXED_JOB, typed(JobObject.class, WorkloadKind::indexedJob)),
            new WorkloadKind(ApiResource.JOBSETS, GangSystem.JOBSET, typed(JobSetObject.class, WorkloadKind::jobSet)),
            new WorkloadKind(ApiResource.MPIJOBS, GangSystem.MPIJOB, typed(KubeflowJobObject.class,
                    (k, o) -> one(k, o, o.mpiReplicas(), Condition.lastTrueType(o.status().conditions())))),
            new WorkloadKind(ApiResource.PYTORCHJOBS, GangSystem.PYTORCHJOB, typed(KubeflowJobObject.class,
                    (k, o) -> one(k, o, o.pytorchReplicas(), Condition.lastTrueType(o.status().conditions())))),
            new WorkloadKind(ApiResource.LEADERWORKERSETS, GangSystem.LEADER_WORKER_SET,
                    typed(LeaderWorkerSetObject.class, WorkloadKind::leaderWorkerSet)),
            new WorkloadKind(ApiResource.VOLCANO_JOBS, GangSystem.VOLCANO, typed(VolcanoJobObject.class,
                    (k, o) -> one(k, o, o.spec().gangSize(), o.status().phase()))),
            new WorkloadKind(ApiResource.VOLCANO_PODGROUPS, GangSystem.VOLCANO, typed(PodGroupObject.class,
                    WorkloadKind::podGroup)),
            new WorkloadKind(ApiResource.COSCHEDULING_PODGROUPS, GangSystem.POD_GROUP, typed(PodGroupObject.class,
                    WorkloadKind::podGroup)));

    /**
     * Whether a gang object is controlled by another gang object the console reads: a JobSet's
     * child Jobs, the PodGroup a Volcano Job, MPIJob or PyTorchJob makes for its gang scheduler.
     * Such an object is a part of its owner's gang, whose own object already says how many
     * ranks it needs; read as a gang of its own it would show a phantom gang with every rank
     * missing, since the pods are named after the owner. A PodGroup owned by a kind the console
     * does not read (a TFJob, a RayCluster) stays the gang object it is.
     */
    public static boolean controlledByGangObject(ObjectMeta metadata) {
        for (ObjectMeta.OwnerReference ref : metadata.ownerReferences()) {
            if (ref == null || !Boolean.TRUE.equals(ref.controller())) {
                continue;
            }
            String apiVersion = ref.apiVersion() == null ? "" : ref.apiVersion();
            String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
            String ownerKind = ref.kind() == null ? "" : ref.kind();
            if (ALL.stream().anyMatch(k -> k.group().equals(group) && k.kind().equals(ownerKind))) {
                return true;
            }
        }
        return false;
    }

    public String group() {
        return api.group();
    }

    public String version() {
        return api.version();
    }

    public String resource() {
        return api.resource();
    }

    public String kind() {
        return api.kind();
    }

    public String groupVersion() {
        return api.apiVersion();
    }

    /** The collection across all namespaces, e.g. /apis/batch/v1/jobs. */
    public ApiPath path() {
        return api.path();
    }

    public String id() {
        return group() + "/" + resource();
    }

    private static <T extends KubeObject> Reader typed(Class<T> type, BiFunction<GangKey, T, List<WorkloadFacts>> read) {
        return (key, object) -> read.apply(key, KubeJson.MAPPER.treeToValue(object, type));
    }

    private static List<WorkloadFacts> indexedJob(GangKey key, JobObject o) {
        if (!o.spec().indexed()) {
            return List.of(); // a plain Job is no gang
        }
        int ranks = Math.min(o.spec().parallelismOrDefault(), o.spec().completionsOrDefault());
        return one(key, o, ranks, Condition.lastTrueType(o.status().conditions()));
    }

    private static List<WorkloadFacts> jobSet(GangKey key, JobSetObject o) {
        String phase = o.status().terminalState();
        return one(key, o, o.pods(), phase != null ? phase : Condition.lastTrueType(o.status().conditions()));
    }

    /** Every LWS group is its own gang, named as LWS names the group's leader pod. */
    private static List<WorkloadFacts> leaderWorkerSet(GangKey key, LeaderWorkerSetObject o) {
        String phase = Condition.lastTrueType(o.status().conditions());
        List<WorkloadFacts> out = new ArrayList<>();
        for (int g = 0; g < o.spec().groups(); g++) {
            out.add(facts(new GangKey(key.system(), key.namespace(), key.name() + "-" + g), o, o.spec().groupSize(), phase));
        }
        return out;
    }

    private static List<WorkloadFacts> podGroup(GangKey key, PodGroupObject o) {
        return one(key, o, o.spec().minMemberOrZero(), o.status().phase());
    }

    private static List<WorkloadFacts> one(GangKey key, KubeObject o, int expected, String phase) {
        return List.of(facts(key, o, expected, phase));
    }

    private static WorkloadFacts facts(GangKey key, KubeObject o, int expected, String phase) {
        Map<String, String> ann = new HashMap<>();
        o.metadata().annotations().forEach((k, v) -> {
            if (k.startsWith("flightdeck.dev/")) {
                ann.put(k, v == null ? "" : v);
            }
        });
        return new WorkloadFacts(key, expected, phase, ann, o.metadata().creationTimestamp());
    }
}
