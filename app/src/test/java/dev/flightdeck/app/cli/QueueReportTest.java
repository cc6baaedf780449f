package dev.flightdeck.app.cli;

import dev.flightdeck.app.queues.KueueKind;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.KueueProjector;
import dev.flightdeck.app.queues.QueueBook;
import dev.flightdeck.app.queues.QueuesSnapshot;
import dev.flightdeck.app.watch.WatchEvent;
import dev.flightdeck.app.Fixtures;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueueReportTest {

    private static KueueObject read(KueueKind kind, String file) throws Exception {
        return new KueueProjector(kind).parse(Fixtures.bytes("upstream/kueue-v0.19.2/objects/" + file));
    }

    private static QueuesSnapshot fixtures() throws Exception {
        QueueBook b = new QueueBook();
        b.apply(KueueKind.CLUSTER_QUEUE, new WatchEvent.Relisted<>(List.of(read(KueueKind.CLUSTER_QUEUE,
                "clusterqueue-research.json"))));
        b.apply(KueueKind.LOCAL_QUEUE, new WatchEvent.Relisted<>(List.of(read(KueueKind.LOCAL_QUEUE,
                "localqueue-research.json"))));
        b.apply(KueueKind.WORKLOAD, new WatchEvent.Relisted<>(List.of(read(KueueKind.WORKLOAD, "workload-pending.json"),
                read(KueueKind.WORKLOAD, "workload-admitted.json"), read(KueueKind.WORKLOAD, "workload-preempted.json"))));
        return b.snapshot();
    }

    @Test
    void usageAgainstQuotaGpusFirstThenTheQueueInOrderWithReasonsGpusAndWaits() throws Exception {
        List<String> lines = QueueReport.lines(fixtures(), Instant.parse("2026-11-27T10:12:00Z"));
        assertEquals(List.of(
                "queues: 1 ClusterQueue; 2 workloads queued asking 24 GPUs; 3 workloads in all",
                "ClusterQueue research  cohort ai  pending 1  reserving 1  admitted 1",
                "  nvidia.com/gpu  flavor h100  quota 16  reserved 16  in use 16  borrowed 0  lending limit 8",
                "  cpu  flavor h100  quota 256  reserved 32  in use 32  borrowed 0  borrowing limit 64",
                "  memory  flavor h100  quota 2Ti  reserved 256Gi  in use 256Gi  borrowed 0",
                "  queued 1  training/run-big  Job  priority 100  16 GPUs  waiting 12m  waiting for quota in ClusterQueue "
                        + "research: 16 GPUs more needed in flavor h100 (16 of 16 in use by training/run-small)",
                "  queued 2  training/sweep  JobSet  priority 0  8 GPUs  waiting 1h12m  evicted (Preempted: Preempted to "
                        + "accommodate a workload (UID: 7d2c9a41-6b0e-4f3d-a812-c5e9b0d7f263, JobUID: "
                        + "6a1f3c2e-0d5b-4c7e-9a41-2f8b1e6d9c10) due to prioritization in the ClusterQueue; preemptor path: "
                        + "/ai/research; preemptee path: /ai/research); waiting for quota in ClusterQueue research: 8 GPUs "
                        + "more needed in flavor h100 (16 of 16 in use by training/run-small), 33 cpu more needed in flavor "
                        + "h100 (32 of 256 in use by training/run-small)"), lines);
    }

    @Test
    void noLineLooksLikeANodeOrGangLineToTheResponders() throws Exception {
        // assets/drills/responders/lib.sh: await_node "^[a-z0-9.-]+ +VERDICT  ", await_gang "^NS/NAME  .*"
        Pattern node = Pattern.compile("^[a-z0-9.-]+ +\\S+  .*");
        Pattern gang = Pattern.compile("^[a-z0-9-]+/[a-z0-9.-]+  .*");
        for (String l : QueueReport.lines(fixtures(), Instant.parse("2026-11-27T10:12:00Z"))) {
            assertTrue(!node.matcher(l).matches() && !gang.matcher(l).matches(), l);
        }
    }

    @Test
    void volcanoQueuesWhereServedAloneOrAfterKueues() throws Exception {
        QueueBook b = new QueueBook();
        b.applyVolcano(new WatchEvent.Relisted<>(List.of(new dev.flightdeck.app.queues.VolcanoQueueProjector().parse("""
                {"metadata":{"name":"training"},"spec":{"capability":{"nvidia.com/gpu":"64","cpu":"512"},
                 "deserved":{"nvidia.com/gpu":"32"}},"status":{"state":"Open","running":3,"pending":1,"inqueue":2,
                 "allocated":{"nvidia.com/gpu":"24","cpu":"96"}}}""".getBytes(java.nio.charset.StandardCharsets.UTF_8)))));
        QueuesSnapshot s = b.snapshot();
        List<String> volcano = List.of("Volcano queues: 1",
                "Volcano queue training  Open  running 3  pending 1  inqueue 2",
                "  nvidia.com/gpu  allocated 24  capability 64  deserved 32",
                "  cpu  allocated 96  capability 512");
        assertEquals(volcano, QueueReport.lines(s, false, true, Instant.EPOCH));
        List<String> both = QueueReport.lines(s, true, true, Instant.EPOCH);
        assertEquals("queues: 0 ClusterQueues; 0 workloads queued; 0 workloads in all", both.getFirst());
        assertEquals(volcano, both.subList(1, both.size()));
    }

    @Test
    void aClusterWithKueueButNoQueuesSaysSoInOneLine() {
        assertEquals(List.of("queues: 0 ClusterQueues; 0 workloads queued; 0 workloads in all"),
                QueueReport.lines(QueuesSnapshot.EMPTY, Instant.EPOCH));
    }
}
