package dev.flightdeck.app.queues;

import dev.flightdeck.app.watch.BadObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KueueProjectorTest {

    @Test
    void clusterQueueQuotasAndUsageFlattenPerFlavorAndResource() {
        KueueObject.ClusterQueue cq = KueueFixtures.research();
        assertEquals("research", cq.name());
        assertEquals("ai", cq.cohort());
        assertFalse(cq.stopped());
        assertNull(cq.inactive());
        // nominalQuota 16 is a JSON number in the fixture (int-or-string): read as its text
        assertEquals(List.of(new KueueObject.Quota("h100", "cpu", "256", "64", null),
                new KueueObject.Quota("h100", "memory", "2Ti", null, null),
                new KueueObject.Quota("h100", "nvidia.com/gpu", "16", null, "8")), cq.quotas());
        assertTrue(cq.reserved().contains(new KueueObject.Usage("h100", "nvidia.com/gpu", "16", "0")));
        assertTrue(cq.used().contains(new KueueObject.Usage("h100", "memory", "256Gi", "0")));
        assertEquals(1, cq.pending());
        assertEquals(1, cq.reserving());
        assertEquals(1, cq.admitted());
    }

    @Test
    void aV1beta1ClusterQueueNamesItsCohortCohortAndAnInactiveOneSaysWhy() {
        KueueObject.ClusterQueue cq = (KueueObject.ClusterQueue) KueueFixtures.parse(KueueKind.CLUSTER_QUEUE, """
                {"apiVersion":"kueue.x-k8s.io/v1beta1","kind":"ClusterQueue","metadata":{"name":"old"},
                 "spec":{"cohort":"legacy","stopPolicy":"Hold","resourceGroups":[{"coveredResources":["nvidia.com/gpu"],
                  "flavors":[{"name":"a100","resources":[{"name":"nvidia.com/gpu","nominalQuota":"8"}]}]}]},
                 "status":{"conditions":[{"type":"Active","status":"False","reason":"FlavorNotFound",
                  "message":"Can't admit new workloads: references missing ResourceFlavor(s): a100."}]}}"""
                .getBytes(StandardCharsets.UTF_8));
        assertEquals("legacy", cq.cohort());
        assertTrue(cq.stopped());
        assertEquals("Can't admit new workloads: references missing ResourceFlavor(s): a100.", cq.inactive());
        assertEquals(0, cq.pending());
        assertTrue(cq.reserved().isEmpty());
    }

    @Test
    void aPendingWorkloadKeepsItsJobWhatItAsksAndKueuesWords() {
        KueueObject.Workload w = KueueFixtures.pending();
        assertEquals("training", w.namespace());
        assertEquals("job-run-big-0b7d4", w.name());
        assertEquals(new KueueObject.Owner("batch/v1", "Job", "run-big", "c3d9e0f1-7a2b-4e8c-b5d6-91a0f4e2c7b3"), w.owner());
        assertEquals("research", w.queueName());
        assertEquals(100, w.priority());
        assertEquals(Instant.parse("2026-11-27T10:00:00Z"), w.created());
        assertEquals(2, w.pods());
        assertEquals(16, w.gpus());
        assertTrue(w.active());
        assertTrue(w.pending());
        assertFalse(w.reserving());
        assertEquals("Pending", w.quotaReserved().reason());
        assertEquals("couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor h100, "
                + "16 more needed", w.quotaReserved().message());
        assertNull(w.evicted());
        assertNull(w.clusterQueue());
        assertEquals("training/run-big", w.jobName());
    }

    @Test
    void anAdmittedWorkloadSaysWhatItHoldsPerResourceAndFlavor() {
        KueueObject.Workload w = KueueFixtures.admitted();
        assertTrue(w.admitted());
        assertTrue(w.reserving());
        assertFalse(w.pending());
        assertEquals("research", w.clusterQueue());
        assertTrue(w.assigned().contains(new KueueObject.Assigned("nvidia.com/gpu", "h100", "16")));
        assertTrue(w.assigned().contains(new KueueObject.Assigned("memory", "h100", "256Gi")), w.assigned().toString());
    }

    @Test
    void gpusCountEveryPodSetWithTheLargerOfContainersAndInitContainers() {
        KueueObject.Workload w = KueueFixtures.preempted();
        // driver: 1 pod, no GPUs; workers: 4 pods × max(2 in containers, 1 in the init container)
        assertEquals(5, w.pods());
        assertEquals(8, w.gpus());
        assertEquals("Preempted", w.evicted().reason());
        assertEquals("InClusterQueue", w.preempted().reason());
        assertEquals(Instant.parse("2026-11-27T09:00:00Z"), w.evicted().since());
        assertEquals("JobSet", w.owner().kind());
    }

    @Test
    void aFinishedOrDeactivatedWorkloadAndOneWithoutOwner() {
        KueueObject.Workload w = (KueueObject.Workload) KueueFixtures.parse(KueueKind.WORKLOAD, """
                {"metadata":{"name":"by-hand","namespace":"ns"},"spec":{"active":false,"queueName":"q",
                 "podSets":[{"name":"main","count":3}]},
                 "status":{"conditions":[{"type":"Finished","status":"True","reason":"Succeeded","message":"done"}]}}"""
                .getBytes(StandardCharsets.UTF_8));
        assertNull(w.owner());
        assertFalse(w.active());
        assertTrue(w.finished());
        assertFalse(w.pending());
        assertEquals(3, w.pods());
        assertEquals(0, w.gpus());
        assertEquals("ns/by-hand", w.jobName());
    }

    @Test
    void localQueueFlavorAndCohort() {
        KueueObject.LocalQueue lq = KueueFixtures.localQueue();
        assertEquals("training/research", lq.key());
        assertEquals("research", lq.clusterQueue());
        assertEquals(1, lq.pending());
        assertEquals(new KueueObject.Flavor("h100", java.util.Map.of("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"),
                java.util.Map.of()), KueueFixtures.parse(KueueKind.RESOURCE_FLAVOR, KueueFixtures.json("resourceflavor-h100.json")));
        assertEquals(new KueueObject.Flavor("team-a", java.util.Map.of(), java.util.Map.of("example.com/team", "a")),
                KueueFixtures.parse(KueueKind.RESOURCE_FLAVOR, ("{\"metadata\":{\"name\":\"team-a\"},\"spec\":{\"nodeTaints\":"
                        + "[{\"key\":\"example.com/team\",\"value\":\"a\",\"effect\":\"NoSchedule\"}]}}").getBytes(StandardCharsets.UTF_8)),
                "a flavor's taints (spec.nodeTaints), as Kueue's API has them");
        assertEquals(new KueueObject.Cohort("ai", "org"), KueueFixtures.parse(KueueKind.COHORT,
                "{\"metadata\":{\"name\":\"ai\"},\"spec\":{\"parentName\":\"org\"}}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(new KueueObject.Cohort("ai", "org"), KueueFixtures.parse(KueueKind.COHORT,
                "{\"metadata\":{\"name\":\"ai\"},\"spec\":{\"parent\":\"org\"}}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aWorkloadWithoutNameOrNamespaceIsNoObject() {
        KueueProjector p = new KueueProjector(KueueKind.WORKLOAD);
        BadObject noName = assertThrows(BadObject.class, () -> p.parse("{\"metadata\":{\"namespace\":\"ns\"}}"
                .getBytes(StandardCharsets.UTF_8)));
        assertEquals("a Workload without metadata.name", noName.getMessage());
        assertThrows(BadObject.class, () -> p.parse("{\"metadata\":{\"name\":\"w\"}}".getBytes(StandardCharsets.UTF_8)));
    }
}
