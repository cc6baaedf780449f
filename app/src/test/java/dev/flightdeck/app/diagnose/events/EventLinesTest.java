package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.ObjectReference;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.flightdeck.app.diagnose.events.EventWindowTest.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The headless lines, the API chosen from discovery, and which objects a gang's Events are about. */
class EventLinesTest {

    @Test
    void oneLineEachInColumnsTheConsolesOwnMarkedAndTheServersTextDefused() {
        EventRecord ours = new EventRecord("default/n.1", false, "FlightdeckCordon", "Cordon", "cordoned: Xid 79 (by sre)",
                "Node", "", "gpu-node-7", "flightdeck", 1, NOW.minusSeconds(30), NOW.minusSeconds(30));
        EventRecord hostile = new EventRecord("training/p.2", true, "BackOff", "", "line one\nline two\u001b[2J\u202eevil",
                "Pod", "training", "llm-0", "kubelet", 42, NOW.minusSeconds(7200), NOW.minusSeconds(400));
        List<String> lines = EventLines.lines(List.of(ours, hostile), NOW);
        assertEquals(List.of(
                "   LAST SEEN  TYPE     REASON            OBJECT              COUNT  MESSAGE",
                "◆  30s        Normal   FlightdeckCordon  node/gpu-node-7     1      cordoned: Xid 79 (by sre)",
                "   6m         Warning  BackOff           pod training/llm-0  42     line one line two?[2J?evil"), lines);
    }

    @Test
    void eventsK8sIoWhereDiscoveryListsItElseCore() {
        assertEquals(ApiResource.EVENTS, EventApi.served(Set.of("events.k8s.io/v1/events", "batch/v1/jobs")));
        assertEquals(ApiResource.EVENTS_CORE, EventApi.served(Set.of("events.k8s.io/v1beta1/events")));
        assertEquals(ApiResource.EVENTS_CORE, EventApi.served(Set.of()));
    }

    @Test
    void aGangsEventsAreItsWorkloadObjectsAndItsRanksPods() {
        Gang lws = gang(GangSystem.LEADER_WORKER_SET, "inference-2", "inference-2", "inference-2-1");
        assertEquals(List.of(new ObjectReference("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet", "serving", "inference", null, null),
                ObjectReference.of("Pod", "serving", "inference-2"), ObjectReference.of("Pod", "serving", "inference-2-1")),
                List.copyOf(GangObjects.of(lws)), "a LeaderWorkerSet's group is named NAME-INDEX");
        Gang mpi = gang(GangSystem.MPIJOB, "bert", "bert-launcher-x", null);
        assertEquals(List.of("MPIJob serving/bert", "Job serving/bert-launcher", "Pod serving/bert-launcher-x"),
                GangObjects.of(mpi).stream().map(o -> o.kind() + " " + o.namespace() + "/" + o.name()).toList(),
                "the launcher's Job too; a missing rank has no pod");
        Gang volcano = gang(GangSystem.VOLCANO, "sweep", "sweep-worker-0", null);
        assertEquals(List.of("batch.volcano.sh/v1alpha1 Job", "scheduling.volcano.sh/v1beta1 PodGroup", "v1 Pod"),
                GangObjects.of(volcano).stream().map(o -> (o.apiVersion().isEmpty() ? "v1" : o.apiVersion()) + " " + o.kind())
                        .toList());
    }

    private static Gang gang(GangSystem system, String name, String pod0, String pod1) {
        List<RankSlot> ranks = new java.util.ArrayList<>();
        ranks.add(new RankSlot(0, "", pod0, "n0", RankState.RUNNING, 0, 8, null, null, null));
        ranks.add(new RankSlot(1, "", pod1, pod1 == null ? null : "n1", pod1 == null ? RankState.MISSING : RankState.RUNNING,
                0, 8, null, null, null));
        return new Gang(new GangKey(system, "serving", name), 2, 2, 2, 8, 16, 2, Instant.EPOCH, GangVerdict.RUNNING, List.of(),
                false, ranks, Map.of());
    }
}
