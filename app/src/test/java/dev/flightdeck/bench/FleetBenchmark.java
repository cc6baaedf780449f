package dev.flightdeck.bench;

import dev.flightdeck.app.clusters.ClusterFleet;
import dev.flightdeck.app.clusters.FleetOverview;
import dev.flightdeck.app.clusters.OpenCluster;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.sandbox.SandboxFleetProcess;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The fleet benchmark: ten sandbox clusters of 7,500 GPU nodes and ~100k pods each, served by a
 * child JVM (so this process's heap is the console's alone), opened at once in one
 * {@link ClusterFleet} as the console does. For 1, 2, 5 and 10 clusters: the time until all are
 * synced against syncing the same clusters one after another in single sessions, the heap retained
 * after GC, threads, the overview's read time, and this process's CPU while every open cluster
 * churns at 100 events/s. Run: {@code mvn -pl app -Pfleet-bench -DskipTests verify}
 * [-Dbench.clusters=10 -Dbench.nodes=7500 -Dbench.churn=30 -Dbench.steps=1,2,5,10].
 */
public final class FleetBenchmark {

    public static void main(String[] args) throws Exception {
        int count = Integer.getInteger("clusters", 10);
        int nodes = Integer.getInteger("nodes", 7_500);
        int churnSeconds = Integer.getInteger("churn", 30);
        int[] steps = Arrays.stream(System.getProperty("steps", "1,2,5,10").split(","))
                .mapToInt(Integer::parseInt).filter(k -> k <= count).toArray();
        Path work = Files.createTempDirectory("fleet-bench");
        long t0 = System.nanoTime();
        try (SandboxFleetProcess sandboxes = SandboxFleetProcess.start(count, nodes, System.getProperty("serverHeap", "18g"),
                work.resolve("sandboxes.log"))) {
            System.out.printf("sandboxes: %d × %,d GPU nodes in a child JVM, seeded in %.0f s (log %s)%n", count, nodes,
                    secs(t0), work.resolve("sandboxes.log"));
            Kubeconfig k = KubeconfigLoader.load(List.of(sandboxes.writeKubeconfig(work.resolve("kubeconfig"))));
            List<ConnectionTarget> targets = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                targets.add(new ConnectionTarget.Context(k, "sandbox-" + i));
            }
            System.out.printf("warm-up sync of sandbox-1 (JIT cold): %.2f s%n", syncAlone(targets.getFirst()));
            double[] alone = new double[count];
            for (int i = 0; i < count; i++) {
                alone[i] = syncAlone(targets.get(i));
            }
            System.out.println("one after another, one session each: " + fmt(alone) + " s");

            System.out.println();
            System.out.println("| clusters | all synced at once | one after another | ratio | heap retained (after GC) | per cluster "
                    + "| threads | overview read | console CPU at 100 ev/s each | heap under churn |");
            System.out.println("|---|---|---|---|---|---|---|---|---|---|");
            for (int n : steps) {
                System.out.println(step(n, targets, alone, sandboxes, churnSeconds));
            }
        }
        System.exit(0);
    }

    private static String step(int n, List<ConnectionTarget> targets, double[] alone, SandboxFleetProcess sandboxes,
                               int churnSeconds) throws Exception {
        long heap0 = HeapAfterGc.bytes();
        int threads0 = ManagementFactory.getThreadMXBean().getThreadCount();
        long t = System.nanoTime();
        try (ClusterFleet fleet = new ClusterFleet(c -> ClusterSessions.openStarted(c, SessionOptions.DEFAULTS))) {
            fleet.keepOpen(targets.subList(0, n));
            for (OpenCluster c : fleet.clusters()) {
                ClusterSession s = c.awaitSession(10, TimeUnit.MINUTES);
                if (!s.awaitSynced(10, TimeUnit.MINUTES)) {
                    throw new IllegalStateException(c.name() + " did not sync: " + s.health().describe());
                }
            }
            double together = secs(t);
            double oneByOne = Arrays.stream(alone, 0, n).sum();
            long retained = HeapAfterGc.bytes() - heap0;
            int threads = ManagementFactory.getThreadMXBean().getThreadCount() - threads0;
            double readMs = overviewReadMs(fleet);

            sandboxes.churn(100, n);
            Thread.sleep(3_000); // the churn reaches the watches
            long cpu0 = processCpuNanos();
            long wall0 = System.nanoTime();
            Thread.sleep(churnSeconds * 1000L);
            double cpu = (processCpuNanos() - cpu0) / (double) (System.nanoTime() - wall0);
            double readChurnMs = overviewReadMs(fleet);
            long churnHeap = HeapAfterGc.bytes() - heap0;
            sandboxes.churn(0, n);
            return String.format("| %d | %.1f s | %.1f s | %.2f | %,d MB | %,d MB | +%d | %.1f ms (%.1f under churn) "
                            + "| %.0f%% of one core | %,d MB |", n, together, oneByOne, together / oneByOne, retained >> 20,
                    (retained >> 20) / n, threads, readMs, readChurnMs, cpu * 100, churnHeap >> 20);
        }
    }

    /** The Fleet screen's once-a-second read of every open cluster (checkpoints, gangs, pressure): median of 5. */
    private static double overviewReadMs(ClusterFleet fleet) {
        double[] runs = new double[5];
        for (int i = 0; i < runs.length; i++) {
            long t = System.nanoTime();
            FleetOverview.read(fleet.clusters(), Instant.now());
            runs[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(runs);
        return runs[2];
    }

    private static double syncAlone(ConnectionTarget target) throws Exception {
        long t = System.nanoTime();
        try (ClusterSession s = ClusterSessions.openStarted(target, SessionOptions.DEFAULTS)) {
            if (!s.awaitSynced(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException(target.displayName() + " did not sync: " + s.health().describe());
            }
            return secs(t);
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static String fmt(double[] xs) {
        return Arrays.toString(Arrays.stream(xs).mapToObj(x -> String.format("%.1f", x)).toArray());
    }

    private static double secs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
