package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.RequestBudget;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reading a 96-rank gang's logs on the sandbox: never more requests open at once than the cluster allows, the first
 * failure read first, the view's byte cap holding however many ranks (tails cut, errors kept), and a cancel that
 * stops the reading. The request budget is lifted here so the test is quick; the benchmark reads with it.
 */
class GangLogFetchTest {

    private static SandboxCluster sandbox;
    private static ClusterSession session;
    private static Gang gang;

    @BeforeAll
    static void start() throws Exception {
        sandbox = SandboxCluster.startGangLoad(16, 1, 96);
        session = ClusterSessions.openStarted(TestSandboxes.target(sandbox),
                SessionOptions.DEFAULTS.withRequestBudget(new RequestBudget(10_000, 10_000)));
        assertTrue(session.awaitSynced(2, TimeUnit.MINUTES));
        gang = session.model().gangs().stream().filter(g -> g.key().name().equals("load-0")).findFirst().orElseThrow();
    }

    @AfterAll
    static void stop() {
        session.close();
        sandbox.close();
    }

    private static KubeRest rest() {
        return new KubeRest(session.connection().api());
    }

    @Test
    void atMostTheClustersCapInFlightAndTheFirstFailureReadFirst() throws Exception {
        LogRequests requests = new LogRequests(rest(), 3);
        List<Integer> order = new CopyOnWriteArrayList<>();
        GangLogSummary s = GangLogFetch.start(requests, gang, GangLogOptions.DEFAULTS, r -> order.add(r.rank()))
                .done().get(2, TimeUnit.MINUTES);
        assertTrue(s.complete());
        assertEquals(96, s.ranksRead());
        assertEquals(96, s.figures().requests(), "one request per rank: none restarted");
        assertTrue(s.figures().peakInFlight() <= 3, "peak " + s.figures().peakInFlight());
        assertEquals(3, requests.counters().peakInFlight(), "the cap was used, not exceeded");
        assertEquals(96, order.size(), "every rank handed over as it came in");
        assertEquals(48, s.firstFailure().orElseThrow().rank());
        ErrorGroup timeouts = s.groups().stream().filter(g -> g.kind() == ErrorKind.COLLECTIVE_TIMEOUT
                && g.message().equals("Watchdog caught collective operation timeout")).findFirst().orElseThrow();
        assertEquals("ranks 0–47, 49–95", timeouts.rankText());
        assertEquals(200, s.rank(48).orElseThrow().tail().size(), "the failed rank keeps its whole tail");
        assertEquals(5, s.rank(0).orElseThrow().tail().size(), "the others a compact one");
    }

    @Test
    void theViewsByteCapHoldsAndErrorsAreKept() throws Exception {
        long cap = 64 * 1024;
        GangLogSummary s = GangLogFetch.start(new LogRequests(rest(), 8), gang,
                GangLogOptions.DEFAULTS.withViewBytes(cap), r -> { }).done().get(2, TimeUnit.MINUTES);
        long kept = 0;
        long linelessErrors = 0;
        for (RankLog r : s.rankLogs()) {
            kept += r.tail().stream().mapToLong(LogLine::weight).sum() + r.crashedRunTail().stream().mapToLong(LogLine::weight).sum()
                    + r.errors().stream().mapToLong(ErrorLine::weight).sum();
            linelessErrors += r.errors().stream().filter(e -> e.line().isEmpty()).count();
        }
        assertTrue(linelessErrors > 0, "past the cap, errors were kept without their lines");
        assertTrue(kept - 64 * linelessErrors <= cap, "kept " + kept + " of " + cap + " (+64 B per error kept past it)");
        assertTrue(kept < 2 * cap, "kept " + kept);
        assertTrue(s.rankLogs().stream().anyMatch(RankLog::tailCut), "past the cap, tails were cut");
        assertEquals(96, s.rankLogs().stream().filter(r -> !r.errors().isEmpty()).count(), "every rank's errors are in the summary");
        assertEquals(48, s.firstFailure().orElseThrow().rank());
    }

    @Test
    void cancellingStopsTheReading() throws Exception {
        LogRequests requests = new LogRequests(rest(), 1);
        CountDownLatch first = new CountDownLatch(1);
        List<Integer> order = new CopyOnWriteArrayList<>();
        GangLogFetch f = GangLogFetch.start(requests, gang, GangLogOptions.DEFAULTS, r -> {
            order.add(r.rank());
            first.countDown();
        });
        assertTrue(first.await(1, TimeUnit.MINUTES));
        // One request at a time, so the order ranks come in is the order they were asked for (with several at once,
        // the failed rank's longer tail may come in after shorter ones asked for later).
        assertEquals(48, order.getFirst(), "the rank that failed is read first: " + order);
        f.cancel();
        GangLogSummary s = f.done().get(1, TimeUnit.MINUTES);
        assertTrue(s.cancelled());
        assertTrue(s.ranksRead() < 96, "stopped before the end: " + s.ranksRead());
        long made = requests.counters().requests();
        assertTrue(f.snapshot().firstFailure().isPresent(), "what was read stays readable");
        // A read of our own through the same one-at-a-time, fair requests: a read the fetch still had waiting for
        // its turn would be made before it.
        RankLogs.tail(requests, gang.key(), s.rankLogs().getFirst(), 1, false);
        assertEquals(made + 1, requests.counters().requests(), "no request after the cancel but our own");
    }

    @Test
    void aRankOpenedFromTheSummaryHasItsFullTailAndCanBeFollowed() throws Exception {
        LogRequests requests = new LogRequests(rest(), 8);
        GangLogSummary s = GangLogFetch.start(requests, gang, GangLogOptions.DEFAULTS, r -> { })
                .done().get(2, TimeUnit.MINUTES);
        RankLog rank0 = s.rank(0).orElseThrow();
        assertEquals(5, rank0.tail().size());
        LogTail full = RankLogs.tail(requests, gang.key(), rank0, 100, false);
        assertTrue(full.read().ok(), full.read().problem());
        assertEquals(100, full.lines().size());
        assertEquals(rank0.tail().getLast().text(), full.lines().getLast().text());
        assertTrue(full.lines().stream().allMatch(l -> l.at() != null), "with the kubelet's times");

        List<LogLine> followed = new CopyOnWriteArrayList<>();
        LogFollow f = RankLogs.follow(requests, gang.key(), s.rank(1).orElseThrow(), 2, followed::add);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (followed.size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(2, followed.size(), "its last two lines at once");
        f.cancel();
        assertEquals("stopped", f.done().get(10, TimeUnit.SECONDS).problem());
    }
}
