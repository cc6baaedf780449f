package dev.flightdeck.app.telemetry.exporter;

import dev.flightdeck.bench.HeapAfterGc;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.RequestBudget;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.sandbox.SandboxCluster;

import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One full read of a big sandbox's GPUs from its dcgm-exporters, as the console makes it on a cluster with no
 * Prometheus: {@code -Dnodes=7500} nodes (60,000 GPUs), one exporter each. First with the request budget lifted
 * ({@code -Drounds=3} reads: what the reading itself costs), then one read through the console's default budget
 * (20 requests/s, burst 40: what the operator waits). Prints per read the time, requests, bytes, peak in flight, the
 * process's CPU time (the sandbox serves in this process too), GPUs placed and problems, and the heap the frame keeps.
 * Figures, not verdicts. Run with this tree's sandbox on the class path (an installed flightdeck-sandbox jar has no
 * exporters): {@code mvn -B -o -pl app -am -DskipTests test-compile}, {@code mvn -B -o -pl app dependency:build-classpath
 * -Dmdep.includeScope=test -Dmdep.outputFile=deps.cp}, then {@code java -Xmx8g -cp
 * app/target/test-classes:app/target/classes:sandbox/target/classes:testkit/target/classes:DEPS -Dnodes=7500
 * dev.flightdeck.app.telemetry.exporter.ExporterSourceBenchmark} with DEPS the entries of deps.cp that are not
 * flightdeck's own; {@code -Dbudgeted=false} skips the budgeted read (over six minutes at 7,500 nodes).
 */
public final class ExporterSourceBenchmark {

    public static void main(String[] args) throws Exception {
        int nodes = Integer.getInteger("nodes", 7_500);
        int rounds = Integer.getInteger("rounds", 3);
        boolean budgeted = Boolean.parseBoolean(System.getProperty("budgeted", "true"));
        long t0 = System.nanoTime();
        try (SandboxCluster sandbox = TestSandboxes.remembered(SandboxCluster.startQuiet(nodes))) {
            System.out.printf("sandbox: %,d GPU nodes, %,d pods, started in %.1f s%n", nodes, sandbox.store().count("pods"),
                    (System.nanoTime() - t0) / 1e9);
            read(sandbox, new RequestBudget(100_000, 100_000), "no request budget (the reading's own cost)", rounds);
            if (budgeted) {
                read(sandbox, RequestBudget.DEFAULT_SHAPE, "the console's request budget (20/s, burst 40)", 1);
            }
        }
        System.exit(0);
    }

    private static void read(SandboxCluster sandbox, RequestBudget budget, String shape, int rounds) throws Exception {
        try (ClusterSession session = ClusterSessions.openStarted(TestSandboxes.target(sandbox),
                SessionOptions.DEFAULTS.withRequestBudget(budget))) {
            if (!session.awaitSynced(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException("did not sync: " + session.health().describe());
            }
            ExporterSource source = new ExporterSource(new KubeRest(session.connection().api()), ModelLocators.pods(session),
                    ModelLocators.nodes(session), ExporterSource.DEFAULT_IN_FLIGHT, Clock.systemUTC());
            System.out.println("— " + shape);
            for (int round = 0; round < rounds; round++) {
                Thread.sleep(2_500); // the budget's burst refills between reads
                long heapBefore = HeapAfterGc.bytes();
                long cpuBefore = cpuNanos();
                long proxiedBefore = sandbox.requests().total("PROXY");
                TelemetryFrame frame = source.read(Duration.ofMinutes(10));
                long cpu = cpuNanos() - cpuBefore;
                long heapAfter = HeapAfterGc.bytes();
                ExporterReadFigures f = source.lastRead();
                System.out.printf("  %s: %.1f s; %,d requests (%d LIST pages, %,d scrapes; the server proxied %,d), at most %d "
                                + "in flight; %,.0f MiB of metrics (%,.0f KiB an exporter); process CPU %.1f s; %,d GPUs placed, "
                                + "%,d unplaced; %d of %,d exporters answered; frame keeps %,.1f MiB of heap%n",
                        round == 0 ? "cold " : "run " + round, f.took().toMillis() / 1e3, f.requests(), f.requests() - f.scraped(),
                        f.scraped(), sandbox.requests().total("PROXY") - proxiedBefore, f.peakInFlight(),
                        f.bytes() / 1048576.0, f.bytes() / 1024.0 / Math.max(1, f.answered()), cpu / 1e9, frame.gpus().size(),
                        frame.unplaced(), f.answered(), f.scraped(), (heapAfter - heapBefore) / 1048576.0);
                frame.problems().forEach(p -> System.out.println("    problem: " + p));
                if (frame.gpus().size() < 0) {
                    System.out.println(frame); // keeps the frame reachable until the heap was read
                }
            }
        }
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
