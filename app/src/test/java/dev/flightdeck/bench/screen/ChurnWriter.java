package dev.flightdeck.bench.screen;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The churn writer: its own JVM (the benchmark starts it with {@code java -cp}), so its work is not the console's
 * nor the benchmark's. Writes node and pod status updates to the API server at the asked rates over many
 * connections, in {@code SandboxChurnLoad}'s mix: for nodes, 3 in 4 a Ready flip (visiting the nodes in turn) and
 * 1 in 4 an NVLink health flip; for pods, 5 in 8 a rank's container restarts and 3 in 8 its readiness flips.
 * A rate is a ceiling: writes the connections cannot take are not sent (counted), never paid back in a burst.
 *
 * <p>Options (-D): kubeconfig, targets (a {@link ChurnTargets} file), nodeRate, podRate (per second), seconds,
 * connections, restore (true: at the end, put back the seeded state of what it changed, for a kept etcd).
 * Prints {@code CHURN-START} when it starts writing, and at the end a {@code CHURN-RESULT} line the benchmark reads.
 */
public final class ChurnWriter {

    private static final int TICKS_PER_SECOND = 100;

    private final ChurnTargets targets;
    private final boolean[] nodeReady;
    private final boolean[] nvlinkDown;
    private final boolean[] rankReady;
    private final int[] restarts;
    private final KubernetesSerialization json = new KubernetesSerialization();
    private final SplittableRandom random = new SplittableRandom(42);
    private final AtomicLong nodesWritten = new AtomicLong();
    private final AtomicLong podsWritten = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong notSent = new AtomicLong();
    private volatile String firstRefusal;
    private int nextReadyNode;
    private int nextNvlinkNode;

    private record Write(boolean node, ApiPath path, byte[] body) {
    }

    private ChurnWriter(ChurnTargets targets) {
        this.targets = targets;
        int n = targets.nodes().size();
        nodeReady = new boolean[n];
        nvlinkDown = new boolean[n];
        for (int i = 0; i < n; i++) {
            nodeReady[i] = targets.nodes().get(i).ready();
            nvlinkDown[i] = targets.nodes().get(i).nvlinkDown();
        }
        rankReady = new boolean[targets.ranks().size()];
        restarts = new int[targets.ranks().size()];
        for (int i = 0; i < restarts.length; i++) {
            rankReady[i] = true;
            restarts[i] = targets.ranks().get(i).restarts();
        }
    }

    public static void main(String[] args) throws Exception {
        ApiConnections api = ApiConnections.fromKubeconfig(Path.of(System.getProperty("kubeconfig")));
        ChurnWriter w = new ChurnWriter(ChurnTargets.read(Path.of(System.getProperty("targets"))));
        double nodeRate = Double.parseDouble(System.getProperty("nodeRate", "500"));
        double podRate = Double.parseDouble(System.getProperty("podRate", "500"));
        int seconds = Integer.getInteger("seconds", 60);
        int connections = Integer.getInteger("connections", 16);
        BlockingQueue<Write> queue = new ArrayBlockingQueue<>(connections * 4);
        for (int c = 0; c < connections; c++) {
            Thread.ofPlatform().name("churn-" + c).daemon().start(() -> w.drain(api.open(), queue));
        }
        System.out.println("CHURN-START");
        long start = System.nanoTime();
        long end = start + TimeUnit.SECONDS.toNanos(seconds);
        double owedNodes = 0;
        double owedPods = 0;
        for (long tick = 1; System.nanoTime() < end; tick++) {
            owedNodes = Math.min(owedNodes + nodeRate / TICKS_PER_SECOND, Math.max(1, nodeRate / 10));
            owedPods = Math.min(owedPods + podRate / TICKS_PER_SECOND, Math.max(1, podRate / 10));
            // Interleaved, so that connections too busy for both rates starve neither kind.
            while (owedNodes >= 1 || owedPods >= 1) {
                if (owedNodes >= 1) {
                    w.offer(queue, w.nodeWrite());
                    owedNodes--;
                }
                if (owedPods >= 1) {
                    w.offer(queue, w.rankWrite());
                    owedPods--;
                }
            }
            long next = start + tick * 1_000_000_000L / TICKS_PER_SECOND;
            TimeUnit.NANOSECONDS.sleep(Math.max(0, next - System.nanoTime()));
        }
        while (!queue.isEmpty()) {
            Thread.sleep(10);
        }
        double took = (System.nanoTime() - start) / 1e9;
        System.out.println("CHURN-END");
        System.out.printf("CHURN-RESULT nodes=%d pods=%d seconds=%.2f refused=%d notSent=%d%n", w.nodesWritten.get(),
                w.podsWritten.get(), took, w.refused.get(), w.notSent.get());
        if (w.firstRefusal != null) {
            System.out.println("churn: the first refused write: " + w.firstRefusal);
        }
        if (Boolean.getBoolean("restore")) {
            w.restore(queue);
        }
        System.exit(0);
    }

    private void offer(BlockingQueue<Write> queue, Write write) {
        if (!queue.offer(write)) {
            notSent.incrementAndGet();
        }
    }

    private void drain(ApiConnections.Connection conn, BlockingQueue<Write> queue) {
        while (true) {
            Write w;
            try {
                w = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                var r = conn.send("PATCH", w.path(), ApiConnections.STRATEGIC_PATCH, w.body());
                if (r.statusCode() >= 300) {
                    refused(w.path() + " " + r.statusCode() + " " + r.body());
                } else {
                    (w.node() ? nodesWritten : podsWritten).incrementAndGet();
                }
            } catch (java.io.IOException e) {
                refused(w.path() + " " + e);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void refused(String what) {
        refused.incrementAndGet();
        if (firstRefusal == null) {
            firstRefusal = what.length() > 300 ? what.substring(0, 300) : what;
        }
    }

    /** The next node's flip; its state is taken as written (a write not sent leaves the cycle one step on). */
    private Write nodeWrite() {
        int n = targets.nodes().size();
        if (random.nextInt(4) < 3) {
            int i = nextReadyNode++ % n;
            nodeReady[i] = !nodeReady[i];
            return readyPatch(i);
        }
        int i = (nextNvlinkNode++ * 7) % n;
        nvlinkDown[i] = !nvlinkDown[i];
        return nvlinkPatch(i);
    }

    private Write readyPatch(int i) {
        boolean ready = nodeReady[i];
        String now = Instant.now().toString();
        return nodePatch(i, new NodeConditionBuilder().withType("Ready").withStatus(ready ? "True" : "Unknown")
                .withReason(ready ? "KubeletReady" : "NodeStatusUnknown")
                .withMessage(ready ? "kubelet is posting ready status" : "Kubelet stopped posting node status.")
                .withLastHeartbeatTime(now).withLastTransitionTime(now).build());
    }

    private Write nvlinkPatch(int i) {
        boolean down = nvlinkDown[i];
        String now = Instant.now().toString();
        return nodePatch(i, new NodeConditionBuilder().withType(ChurnTargets.NVLINK).withStatus(down ? "True" : "False")
                .withReason(down ? "NvlinkDown" : "NvlinkHealthy")
                .withMessage(down ? "NVLink link 3 of GPU 5 is down" : "All NVLink links are up")
                .withLastHeartbeatTime(now).withLastTransitionTime(now).build());
    }

    private Write nodePatch(int i, Object condition) {
        ApiPath path = ApiPath.of(ApiResource.NODES).named(targets.nodes().get(i).name()).sub("status");
        return new Write(true, path, body(Map.of("status", Map.of("conditions", List.of(condition)))));
    }

    /** A random running rank restarts (5 in 8) or flips its readiness (3 in 8). */
    private Write rankWrite() {
        int i = random.nextInt(rankReady.length);
        if (random.nextInt(8) < 5) {
            restarts[i]++;
            return rankPatch(i, true);
        }
        rankReady[i] = !rankReady[i];
        return rankPatch(i, false);
    }

    /** The rank's whole container status (a list the server replaces whole), and its Ready conditions. */
    private Write rankPatch(int i, boolean restarted) {
        ChurnTargets.RankTarget r = targets.ranks().get(i);
        String now = Instant.now().toString();
        var cs = new ContainerStatusBuilder().withName(r.container()).withImage(r.image()).withContainerID(r.containerId())
                .withReady(rankReady[i]).withStarted(true).withRestartCount(restarts[i])
                .withNewState().withNewRunning().withStartedAt(restarted ? now : r.startedAt()).endRunning().endState();
        if (restarts[i] > r.restarts()) {
            cs.withNewLastState().withNewTerminated().withReason("Error").withExitCode(1).withFinishedAt(now)
                    .endTerminated().endLastState();
        }
        String ready = rankReady[i] ? "True" : "False";
        var status = Map.of("containerStatuses", List.of(cs.build()), "conditions", List.of(
                new PodConditionBuilder().withType("Ready").withStatus(ready).withLastTransitionTime(now).build(),
                new PodConditionBuilder().withType("ContainersReady").withStatus(ready).withLastTransitionTime(now).build()));
        ApiPath path = ApiPath.of(ApiResource.PODS).in(r.namespace()).named(r.name()).sub("status");
        return new Write(false, path, body(Map.of("status", status)));
    }

    private byte[] body(Object o) {
        return json.asJson(o).getBytes(StandardCharsets.UTF_8);
    }

    /** For a kept etcd: what differs from the seed is written back, so the next run starts from the same fleet. */
    private void restore(BlockingQueue<Write> queue) throws InterruptedException {
        long t = System.nanoTime();
        int restored = 0;
        for (int i = 0; i < nodeReady.length; i++) {
            if (nodeReady[i] != targets.nodes().get(i).ready()) {
                nodeReady[i] = !nodeReady[i];
                queue.put(readyPatch(i));
                restored++;
            }
            if (nvlinkDown[i] != targets.nodes().get(i).nvlinkDown()) {
                nvlinkDown[i] = !nvlinkDown[i];
                queue.put(nvlinkPatch(i));
                restored++;
            }
        }
        for (int i = 0; i < rankReady.length; i++) {
            if (!rankReady[i]) {
                rankReady[i] = true;
                queue.put(rankPatch(i, false));
                restored++;
            }
        }
        while (!queue.isEmpty()) {
            Thread.sleep(10);
        }
        Thread.sleep(500); // the last writes taken from the queue are still on their way
        System.out.printf("churn: put back the seeded state of %,d objects in %.1f s (for the kept etcd)%n", restored,
                (System.nanoTime() - t) / 1e9);
    }
}
