package dev.flightdeck.bench;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.RequestBudget;
import dev.flightdeck.app.diagnose.logs.GangLogFetch;
import dev.flightdeck.app.diagnose.logs.GangLogOptions;
import dev.flightdeck.app.diagnose.logs.GangLogSummary;
import dev.flightdeck.app.diagnose.logs.LogRequests;
import dev.flightdeck.app.diagnose.logs.SummaryText;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.sandbox.SandboxCluster;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A gang's log summary at scale on the sandbox: one Indexed Job of {@code -Dranks=512} ranks (rank 256 failed with an
 * NCCL error 20 minutes ago, every other rank logged its watchdog timeout 10 minutes later), read as the console reads
 * it: at most 8 log requests in flight, through the cluster's request budget (20/s, burst 40, as every other request
 * of the console). Prints the time until the first failure is known (the first rank read: it is read first) and until
 * the whole summary, the requests made, the peak in flight, the bytes read and the heap the summary keeps; then the
 * same with the budget lifted, which shows what the budget costs and what the reading itself costs. Figures, not
 * verdicts: {@code mvn -pl app -am -Plogs-bench -DskipTests verify}.
 */
public final class GangLogsBenchmark {

    public static void main(String[] args) throws Exception {
        int ranks = Integer.getInteger("ranks", 512);
        int rounds = Integer.getInteger("rounds", 3);
        long t0 = System.nanoTime();
        try (SandboxCluster sandbox = SandboxCluster.startGangLoad(64, 1, ranks)) {
            System.out.printf("sandbox: one gang of %d ranks on 64 nodes, seeded in %.1f s%n", ranks, secs(t0));
            for (RequestBudget budget : new RequestBudget[]{RequestBudget.DEFAULT_SHAPE, new RequestBudget(100_000, 100_000)}) {
                String shape = budget == RequestBudget.DEFAULT_SHAPE ? "the console's request budget (20/s, burst 40)"
                        : "no request budget (to see the reading's own cost)";
                try (ClusterSession s = ClusterSessions.openStarted(TestSandboxes.target(sandbox),
                        SessionOptions.DEFAULTS.withRequestBudget(budget))) {
                    if (!s.awaitSynced(5, TimeUnit.MINUTES)) {
                        throw new IllegalStateException("did not sync: " + s.health().describe());
                    }
                    Gang gang = s.model().gangs().stream().filter(g -> g.key().name().equals("load-0")).findFirst().orElseThrow();
                    System.out.println("— " + shape);
                    for (int round = 0; round <= rounds; round++) {
                        Thread.sleep(2_500); // the budget's burst refills between rounds
                        run(sandbox, s, gang, round);
                    }
                }
            }
        }
        System.exit(0);
    }

    private static void run(SandboxCluster sandbox, ClusterSession s, Gang gang, int round) throws Exception {
        LogRequests requests = new LogRequests(new KubeRest(s.connection().api()), LogRequests.DEFAULT_IN_FLIGHT);
        long serverLogsBefore = sandbox.requests().total("LOG");
        long heapBefore = HeapAfterGc.bytes();
        long start = System.nanoTime();
        AtomicLong firstRank = new AtomicLong();
        GangLogFetch f = GangLogFetch.start(requests, gang, GangLogOptions.DEFAULTS,
                r -> firstRank.compareAndSet(0, System.nanoTime()));
        GangLogSummary summary = f.done().get(10, TimeUnit.MINUTES);
        double total = secs(start);
        long heapAfter = HeapAfterGc.bytes();
        String first = summary.firstFailure().map(ff -> "rank " + ff.rank() + ": " + ff.error().message()).orElse("none");
        System.out.printf("%s: first failure known in %.2f s (%s); summary of %d/%d ranks in %.1f s; %d log requests "
                        + "(server saw %d), at most %d in flight; %s read; summary keeps %s of heap (%,d B per rank); %d messages%n",
                round == 0 ? "  cold " : "  run " + round, (firstRank.get() - start) / 1e9, first, summary.ranksRead(),
                summary.ranks(), total, summary.figures().requests(), sandbox.requests().total("LOG") - serverLogsBefore,
                summary.figures().peakInFlight(), mib(summary.figures().bytes()), mib(heapAfter - heapBefore),
                (heapAfter - heapBefore) / Math.max(1, summary.ranksRead()), summary.groups().size());
        if (round == 1) {
            SummaryText.summary(gang, summary).forEach(l -> System.out.println("    | " + l));
        }
        if (summary.ranks() < 0) {
            System.out.println(summary); // keeps the summary reachable until after the heap was read
        }
    }

    private static String mib(long bytes) {
        return String.format("%.2f MiB", bytes / (1024.0 * 1024));
    }

    private static double secs(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
