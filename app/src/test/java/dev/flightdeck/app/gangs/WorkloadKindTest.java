package dev.flightdeck.app.gangs;

import com.fasterxml.jackson.core.JsonParser;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Gang objects shaped as their projects' own examples; the Job is a real capture. */
class WorkloadKindTest {

    private static WorkloadObject read(String resourceId, byte[] json) throws IOException {
        WorkloadKind kind = WorkloadKind.ALL.stream().filter(k -> k.id().equals(resourceId)).findFirst().orElseThrow();
        try (JsonParser p = KubeJson.MAPPER.createParser(json)) {
            p.nextToken();
            return new WorkloadProjector(kind).read(p).item();
        }
    }

    private static WorkloadObject read(String resourceId, String json) throws IOException {
        return read(resourceId, json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void capturedIndexedJobGivesParallelismAndCheckpointAnnotations() throws IOException {
        WorkloadObject job = read("batch/jobs", Fixtures.capture("job-indexed.json"));
        WorkloadFacts f = job.gangs().getFirst();
        assertEquals(new GangKey(GangSystem.INDEXED_JOB, "default", "llm-pretrain"), f.key());
        assertEquals(3, f.expected());
        assertEquals("s3://ckpt/llm-pretrain/step-4200/", f.annotations().get("flightdeck.dev/checkpoint-uri"));
        assertEquals("2026-11-22T02:40:00Z", f.annotations().get("flightdeck.dev/checkpoint-time"));
        assertTrue(f.annotations().keySet().stream().allMatch(k -> k.startsWith("flightdeck.dev/")),
                "kubectl's last-applied-configuration is not kept");
    }

    @Test
    void aPlainJobIsNoGang() throws IOException {
        assertTrue(read("batch/jobs", """
                {"metadata":{"name":"backup","namespace":"ops"},"spec":{"parallelism":1,"completions":1}}""").gangs().isEmpty());
    }

    @Test
    void jobSetExpectsReplicasTimesParallelismAndReportsItsTerminalState() throws IOException {
        WorkloadFacts f = read("jobset.x-k8s.io/jobsets", """
                {"apiVersion":"jobset.x-k8s.io/v1alpha2","kind":"JobSet","metadata":{"name":"pretrain","namespace":"ml"},
                 "spec":{"replicatedJobs":[
                   {"name":"driver","replicas":1,"template":{"spec":{"parallelism":1,"completions":1}}},
                   {"name":"workers","replicas":4,"template":{"spec":{"parallelism":2,"completions":2}}}]},
                 "status":{"terminalState":"Failed","conditions":[{"type":"Failed","status":"True"}]}}""").gangs().getFirst();
        assertEquals(9, f.expected());
        assertTrue(f.failed());
    }

    @Test
    void kubeflowJobsSumTheirReplicaSpecs() throws IOException {
        WorkloadFacts mpi = read("kubeflow.org/mpijobs", """
                {"metadata":{"name":"bert","namespace":"ml"},"spec":{"slotsPerWorker":8,"mpiReplicaSpecs":{
                  "Launcher":{"replicas":1},"Worker":{"replicas":16}}},
                 "status":{"conditions":[{"type":"Created","status":"True"},{"type":"Running","status":"True"}]}}""")
                .gangs().getFirst();
        assertEquals(17, mpi.expected());
        assertEquals("Running", mpi.phase());
        WorkloadFacts pt = read("kubeflow.org/pytorchjobs", """
                {"metadata":{"name":"llama","namespace":"ml"},"spec":{"pytorchReplicaSpecs":{
                  "Master":{"replicas":1},"Worker":{"replicas":7}}},
                 "status":{"conditions":[{"type":"Created","status":"True"},{"type":"Running","status":"False"},
                   {"type":"Succeeded","status":"True"}]}}""").gangs().getFirst();
        assertEquals(8, pt.expected());
        assertTrue(pt.finished());
    }

    @Test
    void everyLeaderWorkerSetGroupIsAGangOfTheTemplateSize() throws IOException {
        List<WorkloadFacts> groups = read("leaderworkerset.x-k8s.io/leaderworkersets", """
                {"metadata":{"name":"vllm","namespace":"serve"},"spec":{"replicas":3,
                  "leaderWorkerTemplate":{"size":4}}}""").gangs();
        assertEquals(List.of("vllm-0", "vllm-1", "vllm-2"), groups.stream().map(g -> g.key().name()).toList());
        assertTrue(groups.stream().allMatch(g -> g.expected() == 4));
    }

    @Test
    void volcanoAndSchedulerPluginsPodGroupsGiveMinMember() throws IOException {
        WorkloadFacts vj = read("batch.volcano.sh/jobs", """
                {"metadata":{"name":"resnet","namespace":"ml"},"spec":{"minAvailable":5,"tasks":[
                  {"name":"ps","replicas":1},{"name":"worker","replicas":4}]},"status":{"state":{"phase":"Running"}}}""")
                .gangs().getFirst();
        assertEquals(5, vj.expected());
        assertEquals(new GangKey(GangSystem.VOLCANO, "ml", "resnet"), vj.key());
        WorkloadFacts pg = read("scheduling.x-k8s.io/podgroups", """
                {"metadata":{"name":"sweep","namespace":"ml"},"spec":{"minMember":6},"status":{"phase":"Scheduling"}}""")
                .gangs().getFirst();
        assertEquals(6, pg.expected());
        assertEquals(GangSystem.POD_GROUP, pg.key().system());
    }

    @Test
    void aGangObjectControlledByAnotherGangObjectIsNoGangOfItsOwn() throws IOException {
        String job = """
                {"metadata":{"name":"%s","namespace":"ml","ownerReferences":[{"apiVersion":"%s","kind":"%s",
                  "name":"o","uid":"u","controller":true,"blockOwnerDeletion":true}]},
                 "spec":{"completionMode":"Indexed","parallelism":2,"completions":2}}""";
        assertTrue(read("batch/jobs", job.formatted("pretrain-workers-0", "jobset.x-k8s.io/v1alpha2", "JobSet"))
                .gangs().isEmpty(), "a JobSet's child Job is part of the JobSet's gang");
        assertEquals(1, read("batch/jobs", job.formatted("nightly-eval-29000", "batch/v1", "CronJob")).gangs().size(),
                "a CronJob is no gang object: its Indexed Job is the gang");
        String pg = """
                {"metadata":{"name":"%s","namespace":"ml","ownerReferences":[{"apiVersion":"kubeflow.org/v1","kind":"%s",
                  "name":"o","uid":"u","controller":true}]},"spec":{"minMember":4}}""";
        assertTrue(read("scheduling.volcano.sh/podgroups", pg.formatted("llama", "PyTorchJob")).gangs().isEmpty());
        assertEquals(1, read("scheduling.volcano.sh/podgroups", pg.formatted("resnet-tf", "TFJob")).gangs().size(),
                "a TFJob is not watched, so its PodGroup is its gang object");
    }
}
