package dev.flightdeck.app.kube;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The typed readers of the objects the console acts on, read from real captures (kube-apiserver 1.32) and from
 * objects as their own controllers wrote them (fixtures/controllers).
 */
class TypedObjectsTest {

    private static <T> T first(String controllerFixture, Class<T> type) throws Exception {
        JsonNode item = KubeJson.MAPPER.readTree(Fixtures.bytes("controllers/" + controllerFixture)).path("items").get(0);
        return KubeJson.MAPPER.treeToValue(item, type);
    }

    @Test
    void theGangObjectsSayTheirSizesAsTheirControllersWroteThem() throws Exception {
        JobObject job = KubeJson.MAPPER.readValue(Fixtures.capture("job-indexed.json"), JobObject.class);
        assertTrue(job.spec().indexed());
        assertEquals(3, job.spec().parallelismOrDefault());
        assertEquals(3, job.spec().completionsOrDefault());
        assertTrue(job.ending().isEmpty(), "still running");

        JobSetObject jobSet = first("jobset-v1alpha2.json", JobSetObject.class);
        assertEquals(1 + 2 * 2, jobSet.pods(), "driver 1×1 and workers 2×2");
        assertNull(jobSet.status().terminalState());

        KubeflowJobObject mpi = first("mpijob-v2beta1.json", KubeflowJobObject.class);
        assertEquals(3, mpi.mpiReplicas(), "a launcher and two workers");
        assertEquals(0, mpi.pytorchReplicas());
        assertEquals("Running", Condition.lastTrueType(mpi.status().conditions()));
        assertEquals(4, first("pytorchjob-v1.json", KubeflowJobObject.class).pytorchReplicas(), "a master and three workers");

        LeaderWorkerSetObject lws = first("leaderworkerset-v1.json", LeaderWorkerSetObject.class);
        assertEquals(2, lws.spec().groups());
        assertEquals(3, lws.spec().groupSize());

        VolcanoJobObject volcano = first("volcano-job-v1alpha1.json", VolcanoJobObject.class);
        assertEquals(3, volcano.spec().gangSize());
        assertEquals("Running", volcano.status().phase());

        PodGroupObject podGroup = first("coscheduling-podgroup-v1alpha1.json", PodGroupObject.class);
        assertEquals(4, podGroup.spec().minMemberOrZero());
        assertEquals("Running", podGroup.status().phase());
    }

    @Test
    void countsTheObjectLeavesOutTakeTheApisDefaults() throws Exception {
        JobObject plain = KubeJson.MAPPER.readValue("{\"metadata\":{\"name\":\"backup\"},\"spec\":{}}", JobObject.class);
        assertFalse(plain.spec().indexed());
        assertEquals(1, plain.spec().parallelismOrDefault());
        assertEquals(1, plain.spec().completionsOrDefault());
        JobSetObject jobSet = KubeJson.MAPPER.readValue("{\"spec\":{\"replicatedJobs\":[{\"name\":\"w\",\"template\":{}}]}}",
                JobSetObject.class);
        assertEquals(1, jobSet.pods());
        VolcanoJobObject volcano = KubeJson.MAPPER.readValue(
                "{\"spec\":{\"tasks\":[{\"name\":\"ps\"},{\"name\":\"worker\",\"replicas\":4}]}}", VolcanoJobObject.class);
        assertEquals(5, volcano.spec().gangSize(), "no minAvailable: every task's replicas");
    }

    @Test
    void aJobEndsOnlyOnATrueCompleteOrFailedCondition() throws Exception {
        JobObject failed = KubeJson.MAPPER.readValue("""
                {"status":{"conditions":[{"type":"FailureTarget","status":"True","reason":"BackoffLimitExceeded"},
                  {"type":"Failed","status":"True","reason":"BackoffLimitExceeded"}]}}""", JobObject.class);
        assertEquals("Failed", failed.ending().orElseThrow().type());
        assertEquals("BackoffLimitExceeded", failed.ending().orElseThrow().reason());
        JobObject sideways = KubeJson.MAPPER.readValue("""
                {"status":{"conditions":[{"type":"Complete","status":"Sideways"}]}}""", JobObject.class);
        assertTrue(sideways.ending().isEmpty(), "a status no one defined is not True");
    }

    @Test
    void ownerReferencesSayWhichGangObjectControlsAChild() throws Exception {
        JsonNode items = KubeJson.MAPPER.readTree(Fixtures.bytes("controllers/jobset-v1alpha2.json")).path("items");
        ObjectMeta childJob = ObjectMeta.of(items.get(1));
        assertEquals("JobSet", childJob.controller().orElseThrow().kind());
        assertEquals("jobset.x-k8s.io/v1alpha2", childJob.controller().orElseThrow().apiVersion());
        assertTrue(ObjectMeta.of(items.get(0)).controller().isEmpty(), "the JobSet itself has no controller");
        assertEquals(ObjectMeta.NONE, ObjectMeta.of(KubeJson.MAPPER.readTree("{}")));
    }

    @Test
    void metadataOfTheWrongShapeIsOneLineNamingTheField() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ObjectMeta.of(KubeJson.MAPPER.readTree("{\"metadata\":{\"labels\":[\"secret-value\"]}}")));
        assertEquals("metadata.labels has the wrong type", e.getMessage());
        ObjectMeta oddTime = ObjectMeta.of(KubeJson.MAPPER.readTree("{\"metadata\":{\"creationTimestamp\":\"yesterday\"}}"));
        assertNull(oddTime.creationTimestamp(), "an odd creation time is unknown, as the watch reads it");
    }

    @Test
    void aNodeAsTheKubeletAndKubectlCordonLeaveIt() throws Exception {
        NodeObject captured = KubeJson.MAPPER.readValue(Fixtures.capture("node-gpu-degraded.json"), NodeObject.class);
        assertFalse(captured.spec().cordoned());
        assertTrue(captured.spec().taints().isEmpty());
        assertFalse(captured.metadata().resourceVersion().isEmpty());
        NodeObject cordoned = KubeJson.MAPPER.readValue("""
                {"metadata":{"name":"gpu-node-007","resourceVersion":"4711"},
                 "spec":{"unschedulable":true,"taints":[
                   {"key":"node.kubernetes.io/unschedulable","effect":"NoSchedule","timeAdded":"2026-11-22T01:00:00Z"},
                   {"key":"nvidia.com/gpu","value":"present","effect":"NoSchedule"}]}}""", NodeObject.class);
        assertTrue(cordoned.spec().cordoned());
        assertEquals(List.of("node.kubernetes.io/unschedulable", "nvidia.com/gpu"),
                cordoned.spec().taints().stream().map(NodeObject.Taint::key).toList());
        // A kept taint goes back as it came: no field it did not have, its time as the server wrote it.
        assertEquals("{\"key\":\"node.kubernetes.io/unschedulable\",\"effect\":\"NoSchedule\",\"timeAdded\":\"2026-11-22T01:00:00Z\"}",
                KubeJson.MAPPER.writeValueAsString(cordoned.spec().taints().getFirst()));
    }

    @Test
    void anEvictionRefusedByABudgetSaysWhichAndWhy() throws Exception {
        StatusObject s = KubeJson.MAPPER.readValue(Fixtures.capture("eviction-429.json"), StatusObject.class);
        assertEquals(429, s.code());
        assertEquals("TooManyRequests", s.reason());
        assertEquals("The disruption budget llm-pretrain needs 3 healthy pods and has 2 currently", s.firstCause());
        assertEquals("", KubeJson.MAPPER.readValue("{\"kind\":\"Status\",\"code\":404}", StatusObject.class).firstCause());
    }

    @Test
    void podsSayTheirGpusVolumesAndGracePeriod() throws Exception {
        ObjectList<PodObject> pods = KubeJson.MAPPER.readValue(Fixtures.capture("pods-indexed-job.json"), new TypeReference<>() { });
        PodObject rank = pods.items().getFirst();
        assertFalse(rank.spec().containers().getFirst().limit("nvidia.com/gpu").isEmpty());
        assertEquals("", rank.spec().containers().getFirst().limit("example.com/none"));
        PodObject scratch = KubeJson.MAPPER.readValue("""
                {"spec":{"volumes":[{"name":"scratch","emptyDir":{}},{"name":"cfg","configMap":{"name":"c"}}]},
                 "status":{"phase":"Succeeded"}}""", PodObject.class);
        assertEquals(List.of("scratch"), scratch.spec().volumes().stream().filter(PodObject.Volume::isEmptyDir)
                .map(PodObject.Volume::name).toList());
        assertEquals(30, scratch.spec().graceSeconds(), "the API's default");
        assertTrue(scratch.finished());
    }

    @Test
    void aBudgetCoversThePodsItsSelectorSelects() throws Exception {
        PodDisruptionBudgetObject pdb = KubeJson.MAPPER.readValue("""
                {"metadata":{"name":"llm","namespace":"default"},
                 "spec":{"minAvailable":3,"selector":{"matchLabels":{"app":"llm"},
                   "matchExpressions":[{"key":"tier","operator":"NotIn","values":["canary"]}]}},
                 "status":{"disruptionsAllowed":1}}""", PodDisruptionBudgetObject.class);
        assertTrue(pdb.covers(Map.of("app", "llm")));
        assertFalse(pdb.covers(Map.of("app", "llm", "tier", "canary")));
        assertFalse(pdb.covers(Map.of("app", "web")));
        assertEquals(1, pdb.status().allowed());
        PodDisruptionBudgetObject everything = KubeJson.MAPPER.readValue("{\"spec\":{\"selector\":{}}}",
                PodDisruptionBudgetObject.class);
        assertTrue(everything.covers(Map.of()), "policy/v1: an empty selector selects every pod");
        assertFalse(KubeJson.MAPPER.readValue("{\"spec\":{}}", PodDisruptionBudgetObject.class).covers(Map.of("a", "b")),
                "an absent selector selects none");
    }

    @Test
    void reviewsAskAsTheApiWantsAndReadTheAnswer() throws Exception {
        AccessReview ask = AccessReview.asking(new AccessReview.ResourceAttributes("create", "", "pods", "eviction", null));
        assertEquals("{\"apiVersion\":\"authorization.k8s.io/v1\",\"kind\":\"SelfSubjectAccessReview\",\"spec\":"
                + "{\"resourceAttributes\":{\"verb\":\"create\",\"group\":\"\",\"resource\":\"pods\",\"subresource\":\"eviction\"}}}",
                KubeJson.MAPPER.writeValueAsString(ask));
        AccessReview answer = KubeJson.MAPPER.readValue("{\"status\":{\"allowed\":true,\"reason\":\"RBAC: allowed by ClusterRoleBinding\"}}",
                AccessReview.class);
        assertTrue(answer.answer().isAllowed());
        assertFalse(KubeJson.MAPPER.readValue("{}", AccessReview.class).answer().isAllowed());
        assertEquals("{\"apiVersion\":\"authentication.k8s.io/v1\",\"kind\":\"SelfSubjectReview\"}",
                KubeJson.MAPPER.writeValueAsString(SelfReview.asking()));
        assertEquals("alice", KubeJson.MAPPER.readValue("{\"status\":{\"userInfo\":{\"username\":\"alice\"}}}",
                SelfReview.class).username());
    }

    @Test
    void theResourcesTheActionsNameMakeTheirPaths() {
        assertEquals("/apis/apps/v1/namespaces/kube-system/daemonsets/nvidia-device-plugin",
                ApiResource.DAEMONSETS.path().in("kube-system").named("nvidia-device-plugin").toString());
        assertEquals("/api/v1/namespaces/training/pods/llm-0/eviction",
                ApiResource.PODS.path().in("training").named("llm-0").sub("eviction").toString());
        assertEquals("/api/v1/pods?fieldSelector=spec.nodeName%3Dgpu-node-007",
                ApiResource.PODS.path().param("fieldSelector", "spec.nodeName=gpu-node-007").toString());
        assertEquals("/apis/kubeflow.org/v1/namespaces/ml/pytorchjobs/llama-sft",
                ApiResource.PYTORCHJOBS.path().in("ml").named("llama-sft").toString());
        assertEquals("/apis/kueue.x-k8s.io/v1beta1/workloads",
                new ApiResource("kueue.x-k8s.io", "v1beta2", "workloads", "Workload", true).atVersion("v1beta1").path().toString());
        assertEquals("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
                ApiResource.SELF_SUBJECT_ACCESS_REVIEWS.path().toString());
    }
}
