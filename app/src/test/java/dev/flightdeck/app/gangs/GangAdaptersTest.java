package dev.flightdeck.app.gangs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.PodProjector;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static dev.flightdeck.app.gangs.UpstreamPods.jobSet;
import static dev.flightdeck.app.gangs.UpstreamPods.lws;
import static dev.flightdeck.app.gangs.UpstreamPods.mpiJob;
import static dev.flightdeck.app.gangs.UpstreamPods.podGroupOnly;
import static dev.flightdeck.app.gangs.UpstreamPods.pyTorchJob;
import static dev.flightdeck.app.gangs.UpstreamPods.volcano;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GangAdaptersTest {

    private static PodRank rank(PodFacts p) {
        return GangAdapters.identify(p).orElseThrow(() -> new AssertionError("no gang for " + p.name()));
    }

    /** Flat ranks of pods assembled into one gang, keyed by pod name; the pods must all be of that gang. */
    private static List<String> flat(PodFacts... pods) {
        List<RankNumbering.Member> members = new ArrayList<>();
        for (PodFacts p : pods) {
            members.add(new RankNumbering.Member(rank(p), p));
            assertEquals(members.getFirst().rank().gang(), members.getLast().rank().gang(), p.name() + " is of another gang");
        }
        Gang g = GangAssembler.assemble(members.getFirst().rank().gang(), members, n -> null, Instant.parse("2026-11-22T04:00:00Z"));
        return g.ranks().stream().map(s -> s.rank() + "=" + s.pod()).toList();
    }

    @Test
    void capturedIndexedJobPodsFormOneGangWithCompletionIndexRanks() throws IOException {
        JsonNode list = KubeJson.MAPPER.readTree(Fixtures.capture("pods-indexed-job.json"));
        List<PodFacts> pods = new ArrayList<>();
        for (JsonNode item : list.path("items")) {
            pods.add(PodProjector.parse(KubeJson.MAPPER.writeValueAsBytes(item)));
        }
        for (int i = 0; i < 3; i++) {
            PodRank r = rank(pods.get(i));
            assertEquals(new GangKey(GangSystem.INDEXED_JOB, r.gang().namespace(), "llm-pretrain"), r.gang(),
                    "the Job, not its pod-group label, names the gang");
            assertEquals(i, r.indexInGroup());
        }
        assertEquals(List.of("0=llm-pretrain-0-6vnc4", "1=llm-pretrain-1-87x2j", "2=llm-pretrain-2-99pqb"),
                flat(pods.toArray(PodFacts[]::new)));
    }

    @Test
    void jobSetRankIsGlobalIndexTimesParallelismPlusCompletionIndex() {
        assertEquals(GangSystem.JOBSET, rank(jobSet("pretrain", "workers", 0, 0, 0)).gang().system());
        // two replicated jobs of parallelism 2: global indexes 0 and 1
        assertEquals(List.of("0=pretrain-workers-0-0-abcde", "1=pretrain-workers-0-1-abcde",
                        "2=pretrain-workers-1-0-abcde", "3=pretrain-workers-1-1-abcde"),
                flat(jobSet("pretrain", "workers", 1, 1, 1), jobSet("pretrain", "workers", 0, 0, 0),
                        jobSet("pretrain", "workers", 1, 1, 0), jobSet("pretrain", "workers", 0, 0, 1)));
    }

    @Test
    void mpiJobLauncherAndWorkersAreOneGang() {
        PodRank launcher = rank(mpiJob("bert", "launcher", 0));
        PodRank w3 = rank(mpiJob("bert", "worker", 3));
        assertEquals(new GangKey(GangSystem.MPIJOB, "ml", "bert"), launcher.gang());
        assertEquals(launcher.gang(), w3.gang());
        assertEquals("worker", w3.role());
        assertEquals(3, w3.indexInGroup());
        assertEquals(List.of("0=bert-launcher-x7k2p", "1=bert-worker-0", "2=bert-worker-1"),
                flat(mpiJob("bert", "worker", 1), mpiJob("bert", "launcher", 0), mpiJob("bert", "worker", 0)));
    }

    @Test
    void pyTorchWorkerRankIsIndexPlusOneWhenAMasterExists() {
        assertEquals(GangSystem.PYTORCHJOB, rank(pyTorchJob("llama", "worker", 0)).gang().system());
        assertEquals(List.of("0=llama-master-0", "1=llama-worker-0", "2=llama-worker-1", "3=llama-worker-2"),
                flat(pyTorchJob("llama", "worker", 2), pyTorchJob("llama", "worker", 0),
                        pyTorchJob("llama", "master", 0), pyTorchJob("llama", "worker", 1)));
    }

    @Test
    void eachLeaderWorkerSetGroupIsItsOwnGangWithTheLeaderAsRankZero() {
        PodRank leader = rank(lws("vllm", 1, 0));
        assertEquals(new GangKey(GangSystem.LEADER_WORKER_SET, "ml", "vllm-1"), leader.gang());
        assertEquals(leader.gang(), rank(lws("vllm", 1, 3)).gang());
        assertTrue(!rank(lws("vllm", 0, 0)).gang().equals(leader.gang()));
        assertEquals(List.of("0=vllm-1", "1=vllm-1-1", "2=vllm-1-2"), flat(lws("vllm", 1, 2), lws("vllm", 1, 0), lws("vllm", 1, 1)));
    }

    @Test
    void volcanoJobRanksByTaskIndexWithinTasks() {
        PodRank r = rank(volcano("resnet", "worker", 2));
        assertEquals(new GangKey(GangSystem.VOLCANO, "ml", "resnet"), r.gang());
        assertEquals("worker", r.role());
        assertEquals(2, r.indexInGroup());
    }

    @Test
    void podsWithOnlyAPodGroupLabelStillFormAGangRankedByName() {
        PodRank r = rank(podGroupOnly("sweep", "sweep-b"));
        assertEquals(new GangKey(GangSystem.POD_GROUP, "ml", "sweep"), r.gang());
        assertEquals(List.of("0=sweep-a", "1=sweep-b", "2=sweep-c"),
                flat(podGroupOnly("sweep", "sweep-c"), podGroupOnly("sweep", "sweep-a"), podGroupOnly("sweep", "sweep-b")));
    }

    @Test
    void ordinaryPodsAreNoGang() {
        PodFacts p = UpstreamPods.running("web-7d9f8c6b5-x2x2x", "apps/v1", "ReplicaSet", "web-7d9f8c6b5", "\"app\":\"web\"", "");
        assertTrue(GangAdapters.identify(p).isEmpty());
    }
}
