package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.controlplane.KubeletStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.kube.PodLogOptions;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Log requests through the real kube-apiserver 1.32, which proxies pods/log to the node's kubelet (the stand-in, over
 * HTTPS on 127.0.0.1 at the node's kubeletEndpoint port): tailLines, limitBytes, timestamps, sinceSeconds and
 * previous reach the kubelet and come back as it answers them; a followed log streams new lines until the container
 * ends, and stops at once when cancelled.
 */
@ExtendWith(RealKube.class)
class LogRequestsRealTest {

    private static RealCluster real;
    private static String ns;
    private static LogRequests requests;

    @BeforeAll
    static void cluster(RealCluster cluster) {
        real = cluster;
        ns = real.namespace("logs");
        String node = RealCluster.unique("logs-node");
        real.kubelet().registerGpuNode(node, 8, Map.of("flightdeck-test", ns));
        StringBuilder log = new StringBuilder();
        for (int i = 1; i <= 50; i++) {
            log.append("[rank0] step ").append(i * 10).append(" | loss 2.").append(100 - i).append('\n');
        }
        real.kubelet().script(p -> !ns.equals(p.getMetadata().getNamespace()) ? null
                : p.getMetadata().getName().equals("crashed-once")
                ? KubeletStandIn.Script.run("[rank0] resuming from checkpoint step-4200\n")
                        .afterCrash("[rank0] step 4210\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")
                : KubeletStandIn.Script.run(log.toString()));
        for (String name : new String[]{"trainer", "crashed-once"}) {
            real.admin().pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName(name).endMetadata()
                    .withNewSpec().withRestartPolicy("Always").withNodeSelector(Map.of("flightdeck-test", ns))
                    .addNewContainer().withName("trainer").withImage("trainer:1").withNewResources()
                    .withLimits(Map.of("nvidia.com/gpu", new Quantity("1"))).endResources().endContainer().endSpec().build()).create();
            real.admin().pods().inNamespace(ns).withName(name).waitUntilCondition(
                    p -> p != null && "Running".equals(p.getStatus().getPhase()), 60, TimeUnit.SECONDS);
        }
        requests = new LogRequests(real.adminRest(), LogRequests.DEFAULT_IN_FLIGHT);
    }

    private static List<LogLine> read(String pod, PodLogOptions o) throws Exception {
        List<LogLine> lines = new ArrayList<>();
        LogRead r = requests.read(ns, pod, o, lines::add, null);
        assertTrue(r.ok(), r.problem());
        return lines;
    }

    @Test
    void tailLinesTimestampsAndLimitBytesAreTheKubeletsAnswer() throws Exception {
        List<LogLine> tail = read("trainer", PodLogOptions.ALL.withTailLines(3).withTimestamps(true));
        assertEquals(List.of("[rank0] step 480 | loss 2.52", "[rank0] step 490 | loss 2.51", "[rank0] step 500 | loss 2.50"),
                tail.stream().map(LogLine::text).toList());
        assertTrue(tail.stream().allMatch(l -> l.at() != null && l.at().isBefore(Instant.now())), "the kubelet's times");
        assertTrue(tail.get(0).at().isBefore(tail.get(2).at()));

        List<LogLine> cut = new ArrayList<>();
        LogRead r = requests.read(ns, "trainer", PodLogOptions.ALL.withTailLines(2).withLimitBytes(12L), cut::add, null);
        assertEquals(12, r.bytes());
        assertTrue(r.cut(), "the log reached limitBytes");
        assertEquals(List.of("[rank0] step"), cut.stream().map(LogLine::text).toList(), "cut mid-line, as the kubelet cuts it");

        assertEquals(50, read("trainer", PodLogOptions.ALL.withSinceSeconds(3600L)).size());
    }

    @Test
    void theRunBeforeARestartIsThePreviousLogAndAPodWithoutOneSaysSo() throws Exception {
        List<LogLine> previous = read("crashed-once", PodLogOptions.ALL.withPrevious(true));
        assertEquals("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.", previous.getLast().text());
        assertEquals(List.of("[rank0] resuming from checkpoint step-4200"),
                read("crashed-once", PodLogOptions.ALL).stream().map(LogLine::text).toList());
        LogRead none = requests.read(ns, "trainer", PodLogOptions.ALL.withPrevious(true), l -> { }, null);
        assertFalse(none.ok());
        assertTrue(none.problem().contains("previous terminated container \"trainer\" in pod \"trainer\" not found"), none.problem());
        LogRead gone = requests.read(ns, "no-such-pod", PodLogOptions.ALL, l -> { }, null);
        assertEquals("pods \"no-such-pod\" not found", gone.problem());
    }

    @Test
    void aFollowedLogStreamsUntilTheContainerEndsOrItIsCancelled() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        LogFollow f = requests.follow(ns, "trainer", PodLogOptions.ALL.withTailLines(1), l -> seen.add(l.text()));
        await(() -> seen.contains("[rank0] step 500 | loss 2.50"), "the tail at once: " + seen);
        real.kubelet().appendLog(ns, "trainer", "[rank0] step 510 | loss 2.49");
        await(() -> seen.contains("[rank0] step 510 | loss 2.49"), "a line written now, streamed: " + seen);
        f.cancel();
        LogRead stopped = f.done().get(10, TimeUnit.SECONDS);
        assertTrue(f.cancelled());
        assertEquals("stopped", stopped.problem());
        real.kubelet().appendLog(ns, "trainer", "[rank0] step 520 | loss 2.48");

        List<String> again = new CopyOnWriteArrayList<>();
        LogFollow g = requests.follow(ns, "trainer", PodLogOptions.ALL.withTailLines(1), l -> again.add(l.text()));
        await(() -> again.contains("[rank0] step 520 | loss 2.48"), "followed again: " + again);
        // A follow opened after the line was written has it: a stream still open from before would have had it first.
        assertFalse(seen.contains("[rank0] step 520 | loss 2.48"), "nothing after the cancel");
        real.kubelet().endLog(ns, "trainer");
        LogRead ended = g.done().get(20, TimeUnit.SECONDS);
        assertTrue(ended.ok(), "the container ended, so did the stream: " + ended);
        assertNotNull(ended);
    }

    private static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 20 s: " + what);
            }
            Thread.sleep(50);
        }
    }

    @SuppressWarnings("unused")
    private static Pod pod(String name) {
        return real.admin().pods().inNamespace(ns).withName(name).get();
    }
}
