package dev.flightdeck.app.cli;

import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code flightdeck events} against the real kube-apiserver 1.32 and its real reporters: a gang (an
 * Indexed Job of two 8-GPU ranks with room for one) whose second rank the real scheduler cannot place
 * (FailedScheduling, written through events.k8s.io/v1), the real Job controller's SuccessfulCreate
 * (core v1), and the FlightdeckCordon Event the console records when it cordons a node. Per node, per
 * pod, per gang, Warnings only, and the whole cluster's.
 */
@ExtendWith(RealKube.class)
class EventsCommandRealTest {

    private static RealCluster real;
    private static Path kubeconfig;
    private static String ns;
    private static String cordoned;
    private static String waiting;

    @BeforeAll
    static void cluster(RealCluster cluster) throws Exception {
        real = cluster;
        kubeconfig = cluster.plane().adminKubeconfig();
        ns = real.namespace("events");
        String node = RealCluster.unique(ns + "-gpu");
        real.kubelet().registerGpuNode(node, 8, Map.of("flightdeck-test", ns));
        real.admin().batch().v1().jobs().inNamespace(ns).resource(new JobBuilder().withNewMetadata().withName("pretrain")
                .endMetadata().withNewSpec().withCompletionMode("Indexed").withCompletions(2).withParallelism(2)
                .withNewTemplate().withNewSpec().withRestartPolicy("Never").withNodeSelector(Map.of("flightdeck-test", ns))
                .addNewContainer().withName("trainer").withImage("nvcr.io/nvidia/pytorch:24.05-py3").withNewResources()
                .withLimits(Map.of("nvidia.com/gpu", new Quantity("8"))).endResources().endContainer().endSpec()
                .endTemplate().endSpec().build()).create();
        waiting = awaitFailedScheduling();
        cordoned = RealCluster.unique("events-cordon");
        real.kubelet().registerGpuNode(cordoned, 8, Map.of());
        ActCommandTest.Run c = ActCommandTest.against(kubeconfig, "cordon", cordoned, "--confirm", cordoned, "--reason",
                "Xid 79 on GPU 5");
        assertEquals(0, c.exit(), c.err());
    }

    /** The rank the scheduler refused, once its Event is stored. */
    private static String awaitFailedScheduling() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            var failed = real.admin().v1().events().inNamespace(ns).withField("reason", "FailedScheduling").list().getItems();
            if (!failed.isEmpty()) {
                return failed.getFirst().getInvolvedObject().getName();
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the scheduler wrote no FailedScheduling in " + ns + " within 60 s");
    }

    /** {@code flightdeck events ARGS --kubeconfig ADMIN} through the headless dispatch, with HOME elsewhere. */
    static EventsCommandSandboxTest.Run events(String... args) {
        return EventsCommandSandboxTest.raw(java.util.stream.Stream.of(java.util.stream.Stream.of("events"),
                java.util.Arrays.stream(args), java.util.stream.Stream.of("--kubeconfig", kubeconfig.toString()))
                .flatMap(x -> x).toArray(String[]::new));
    }

    @Test
    void aNodesEventsAreTheCordonTheConsoleRecorded() throws Exception {
        EventsCommandSandboxTest.Run r = events("--for", "node/" + cordoned);
        assertEquals(0, r.exit(), r.err());
        List<String> rows = EventsCommandSandboxTest.rows(r);
        assertEquals(1, rows.stream().filter(l -> l.equals("◆ Normal FlightdeckCordon node/" + cordoned + " 1")).count(), rows.toString());
        assertTrue(rows.stream().allMatch(l -> l.endsWith(" node/" + cordoned + " 1")), "its own Events only (node lifecycle "
                + "also says RegisteredNode, in its time): " + rows);
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("◆") && l.endsWith(cordoned + " cordoned: Xid 79 on GPU 5 "
                + "(by flightdeck-admin)")), r.out().toString());
    }

    @Test
    void aGangsEventsAreItsJobsAndItsRanksFromTheirOwnReporters() throws Exception {
        EventsCommandSandboxTest.Run r = events("--for", ns + "/pretrain");
        assertEquals(0, r.exit(), r.err());
        System.out.println("flightdeck events --for " + ns + "/pretrain (real):\n" + String.join("\n", r.out()));
        List<String> rows = EventsCommandSandboxTest.rows(r);
        assertEquals(2, rows.stream().filter(l -> l.equals("Normal SuccessfulCreate job " + ns + "/pretrain 1")).count(), rows.toString());
        assertTrue(rows.contains("Warning FailedScheduling pod " + ns + "/" + waiting + " 1"), rows.toString());
        assertTrue(rows.stream().anyMatch(l -> l.matches("Normal Scheduled pod " + ns + "/pretrain-\\d-\\w+ 1")), rows.toString());
        assertTrue(r.out().stream().anyMatch(l -> l.contains("Insufficient nvidia.com/gpu")), "the scheduler's own words");

        EventsCommandSandboxTest.Run pod = events("--for", ns + "/pod/" + waiting, "--warnings");
        List<String> refused = EventsCommandSandboxTest.rows(pod);
        assertTrue(!refused.isEmpty() && refused.stream().allMatch(l -> l.equals("Warning FailedScheduling pod " + ns + "/"
                + waiting + " 1")), "the scheduler retries and writes another Event in its time: " + refused);
    }

    @Test
    void theClustersEventsAndOnlyItsWarnings() throws Exception {
        EventsCommandSandboxTest.Run all = events("--since", "10m");
        assertEquals(0, all.exit(), all.err());
        List<String> rows = EventsCommandSandboxTest.rows(all);
        assertTrue(rows.contains("◆ Normal FlightdeckCordon node/" + cordoned + " 1"), rows.toString());
        assertTrue(rows.contains("Normal SuccessfulCreate job " + ns + "/pretrain 1"), rows.toString());
        EventsCommandSandboxTest.Run warnings = events("--warnings");
        List<String> w = EventsCommandSandboxTest.rows(warnings);
        assertTrue(w.contains("Warning FailedScheduling pod " + ns + "/" + waiting + " 1"), w.toString());
        assertTrue(w.stream().allMatch(l -> l.replaceFirst("^◆ ", "").startsWith("Warning ")), w.toString());
    }
}
