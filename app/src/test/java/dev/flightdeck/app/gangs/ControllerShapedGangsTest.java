package dev.flightdeck.app.gangs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.flightdeck.app.gangs.ControllerFixtures.gangs;
import static dev.flightdeck.app.gangs.ControllerFixtures.items;
import static dev.flightdeck.app.gangs.ControllerFixtures.ranks;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Each gang system's objects exactly as its controller writes them (fixtures/controllers/,
 * provenance in the README there): one gang per workload, named and numbered as the system
 * numbers its ranks, and no phantom gang from the intermediate objects or pod-group labels.
 */
class ControllerShapedGangsTest {

    private static GangKey key(GangSystem s, String ns, String name) {
        return new GangKey(s, ns, name);
    }

    /** The gangs, each as "System namespace/name", so a phantom of another system shows in a failure. */
    private static void assertGangs(Map<GangKey, Gang> gangs, String why, GangKey... expected) {
        assertEquals(java.util.Arrays.stream(expected).map(k -> k.system().label() + " " + k).toList(),
                gangs.keySet().stream().map(k -> k.system().label() + " " + k).toList(), why);
    }

    private static void assertReady(Gang g, int ready, int expected) {
        assertEquals(expected, g.expected(), g.key() + " expected ranks");
        assertEquals(ready, g.ready(), g.key() + " ready ranks");
    }

    private static Map<String, Integer> rankByPod(Gang g) {
        Map<String, Integer> out = new HashMap<>();
        g.ranks().forEach(s -> out.put(s.pod(), s.rank()));
        return out;
    }

    @Test
    void jobSetIsOneGangRankedByGlobalIndexAndParallelismAcrossUnequalReplicatedJobs() {
        Map<GangKey, Gang> gangs = gangs("jobset-v1alpha2.json");
        GangKey js = key(GangSystem.JOBSET, "research", "llama-pretrain");
        assertGangs(gangs, "the child Jobs are no Indexed Job gangs of their own", js);
        Gang g = gangs.get(js);
        assertReady(g, 5, 5);
        // each child Job's ranks start after all ranks of the jobs with a lower job-global-index
        Map<Integer, Integer> parallelismByGlobal = new HashMap<>();
        for (JsonNode item : items("jobset-v1alpha2.json")) {
            if ("Job".equals(item.path("kind").asText())) {
                parallelismByGlobal.put(item.at("/metadata/labels").path("jobset.sigs.k8s.io/job-global-index").asInt(),
                        item.at("/spec/parallelism").asInt());
            }
        }
        Map<String, Integer> ranks = rankByPod(g);
        for (JsonNode item : items("jobset-v1alpha2.json")) {
            if ("Pod".equals(item.path("kind").asText())) {
                JsonNode labels = item.at("/metadata/labels");
                int global = labels.path("jobset.sigs.k8s.io/job-global-index").asInt();
                int before = parallelismByGlobal.entrySet().stream().filter(e -> e.getKey() < global)
                        .mapToInt(Map.Entry::getValue).sum();
                int rank = before + labels.path("batch.kubernetes.io/job-completion-index").asInt();
                assertEquals(rank, ranks.get(item.at("/metadata/name").asText()), item.at("/metadata/name").asText());
            }
        }
        assertEquals("driver", g.ranks().getFirst().role());
        assertEquals("workers", g.ranks().getLast().role());
    }

    @Test
    void pyTorchJobMasterIsRankZeroOfThePyTorchJobNotAPhantomMpiJob() {
        Map<GangKey, Gang> gangs = gangs("pytorchjob-v1.json");
        GangKey job = key(GangSystem.PYTORCHJOB, "research", "llama-sft");
        assertGangs(gangs, "the master's job-role=master makes no MPIJob", job);
        Gang g = gangs.get(job);
        assertReady(g, 4, 4);
        assertEquals(List.of("0=llama-sft-master-0", "1=llama-sft-worker-0", "2=llama-sft-worker-1", "3=llama-sft-worker-2"),
                ranks(g));
        // the ranks agree with the RANK the training operator gave each pod
        Map<String, Integer> ranks = rankByPod(g);
        for (JsonNode item : items("pytorchjob-v1.json")) {
            if ("Pod".equals(item.path("kind").asText())) {
                for (JsonNode env : item.at("/spec/containers/0/env")) {
                    if ("RANK".equals(env.path("name").asText())) {
                        assertEquals(env.path("value").asInt(), ranks.get(item.at("/metadata/name").asText()));
                    }
                }
            }
        }
        // what a drain of the master's node would list: this gang and no other
        String masterNode = g.ranks().getFirst().node();
        assertEquals(List.of(job), gangs.values().stream()
                .filter(x -> x.ranks().stream().anyMatch(s -> masterNode.equals(s.node()))).map(Gang::key).toList());
    }

    @Test
    void pyTorchJobStaysWholeWhenAnOlderOperatorLeftOutOperatorNameAndOwner() {
        Map<GangKey, Gang> gangs = gangs("pytorchjob-v1.json", pod -> {
            ((ObjectNode) pod.at("/metadata/labels")).remove("training.kubeflow.org/operator-name");
            ((ObjectNode) pod.path("metadata")).remove("ownerReferences");
        });
        GangKey job = key(GangSystem.PYTORCHJOB, "research", "llama-sft");
        assertGangs(gangs, null, job);
        assertEquals("0=llama-sft-master-0", ranks(gangs.get(job)).getFirst());
    }

    @Test
    void mpiJobLauncherOwnedByItsBatchJobAndWorkersAreOneGangLauncherFirst() {
        Map<GangKey, Gang> gangs = gangs("mpijob-v2beta1.json");
        GangKey job = key(GangSystem.MPIJOB, "research", "bert-large");
        assertGangs(gangs, "the launcher's batch Job is no gang", job);
        Gang g = gangs.get(job);
        assertReady(g, 3, 3);
        List<String> ranks = ranks(g);
        assertEquals(3, ranks.size());
        assertEquals(true, ranks.getFirst().startsWith("0=bert-large-launcher-"), ranks.toString());
        assertEquals(List.of("1=bert-large-worker-0", "2=bert-large-worker-1"), ranks.subList(1, 3));
        assertEquals("launcher", g.ranks().getFirst().role());
        // without operator-name the launcher (owned by a batch Job) is still told by its job-role
        Map<GangKey, Gang> older = gangs("mpijob-v2beta1.json",
                pod -> ((ObjectNode) pod.at("/metadata/labels")).remove("training.kubeflow.org/operator-name"));
        assertGangs(older, null, job);
        assertEquals(ranks, ranks(older.get(job)));
    }

    @Test
    void tfJobChiefIsNeitherAnMpiJobNorAPyTorchJob() {
        Map<GangKey, Gang> gangs = gangs("tfjob-v1.json");
        GangKey job = key(GangSystem.POD_GROUP, "research", "resnet-tf");
        assertGangs(gangs, "one gang, named after the job, for a kind with no system", job);
        Gang g = gangs.get(job);
        assertReady(g, 4, 4);
        assertEquals(List.of("0=resnet-tf-chief-0", "1=resnet-tf-ps-0", "2=resnet-tf-worker-0", "3=resnet-tf-worker-1"),
                ranks(g));
    }

    @Test
    void everyLeaderWorkerSetGroupIsOneGangWithTheLeaderAsRankZero() {
        Map<GangKey, Gang> gangs = gangs("leaderworkerset-v1.json");
        GangKey g0 = key(GangSystem.LEADER_WORKER_SET, "serving", "vllm-70b-0");
        GangKey g1 = key(GangSystem.LEADER_WORKER_SET, "serving", "vllm-70b-1");
        assertGangs(gangs, null, g0, g1);
        for (GangKey k : List.of(g0, g1)) {
            assertReady(gangs.get(k), 3, 3);
            assertEquals(List.of("0=" + k.name(), "1=" + k.name() + "-1", "2=" + k.name() + "-2"), ranks(gangs.get(k)));
        }
    }

    @Test
    void volcanoJobIsOneGangRankedByTaskIndexWithinTasksAndItsPodGroupIsNoSecondGang() {
        Map<GangKey, Gang> gangs = gangs("volcano-job-v1alpha1.json");
        GangKey job = key(GangSystem.VOLCANO, "research", "resnet-dist");
        assertGangs(gangs, "the PodGroup named <job>-<uid> is the job's, not a gang", job);
        Gang g = gangs.get(job);
        assertReady(g, 3, 3);
        assertEquals(List.of("0=resnet-dist-ps-0", "1=resnet-dist-worker-0", "2=resnet-dist-worker-1"), ranks(g));
        assertEquals(List.of("ps", "worker", "worker"), g.ranks().stream().map(RankSlot::role).toList());
    }

    @Test
    void coschedulingPodGroupIsTheGangOfBarePodsButOnlyTheSchedulingGroupOfAnIndexedJob() {
        Map<GangKey, Gang> gangs = gangs("coscheduling-podgroup-v1alpha1.json");
        GangKey bare = key(GangSystem.POD_GROUP, "research", "nccl-allreduce");
        GangKey job = key(GangSystem.INDEXED_JOB, "research", "llm-eval");
        assertGangs(gangs, "no PodGroup gang beside the Indexed Job", job, bare);
        assertReady(gangs.get(bare), 4, 4);
        assertEquals(List.of("0=nccl-allreduce-0", "1=nccl-allreduce-1", "2=nccl-allreduce-2", "3=nccl-allreduce-3"),
                ranks(gangs.get(bare)));
        assertReady(gangs.get(job), 2, 2);
        assertEquals(List.of(true, true), List.of(ranks(gangs.get(job)).get(0).startsWith("0=llm-eval-0-"),
                ranks(gangs.get(job)).get(1).startsWith("1=llm-eval-1-")));
    }

    @Test
    void kueuePodGroupIsAGangAndAKueueAdmittedIndexedJobStaysOneIndexedJobGang() {
        Map<GangKey, Gang> gangs = gangs("kueue-v1beta1.json");
        GangKey group = key(GangSystem.POD_GROUP, "team-a", "dist-eval");
        GangKey job = key(GangSystem.INDEXED_JOB, "team-a", "kueue-finetune");
        assertGangs(gangs, null, group, job);
        assertReady(gangs.get(group), 3, 3);
        assertEquals(List.of("0=dist-eval-0", "1=dist-eval-1", "2=dist-eval-2"), ranks(gangs.get(group)));
        assertReady(gangs.get(job), 2, 2);
        assertEquals(true, ranks(gangs.get(job)).get(1).startsWith("1=kueue-finetune-1-"));
    }

    @Test
    void plainIndexedJobIsOneGangRankedByCompletionIndex() {
        Map<GangKey, Gang> gangs = gangs("indexed-job-v1.json");
        GangKey job = key(GangSystem.INDEXED_JOB, "training", "rlhf-reward");
        assertGangs(gangs, null, job);
        Gang g = gangs.get(job);
        assertReady(g, 2, 3);
        for (int r = 0; r < 3; r++) {
            assertEquals(true, g.ranks().get(r).pod().startsWith("rlhf-reward-" + r + "-"), ranks(g).toString());
        }
    }
}
