package dev.flightdeck.app.faults;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.app.connect.RequestBudget;
import dev.flightdeck.app.fleet.GpuNode;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.SeenRequest;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The network's faults between the console and the API server, through a loopback TCP proxy in front
 * of the sandbox: a stalled stream (bytes stop, the connection stays open), a reset mid-stream, a
 * stream cut in the middle of an event, 500s, 429s with Retry-After, a server that takes 2 s per
 * response. Each is noticed (in words, in the watch health), nothing is half-applied, and once the
 * network is back the model equals the server's state; a dropped stream resumes from its
 * resourceVersion without a new LIST. Each prints its figure.
 */
class NetworkFaultsSandboxTest {

    private static final Duration IDLE = Duration.ofSeconds(3);

    private SandboxCluster sandbox;
    private FaultProxy proxy;
    private ClusterSession session;
    private final ConcurrentLinkedQueue<SeenRequest> seen = new ConcurrentLinkedQueue<>();

    private void open(Path dir, SessionOptions options) throws Exception {
        open(dir, options, FaultProxy.Mode.PASS);
    }

    private void open(Path dir, SessionOptions options, FaultProxy.Mode from) throws Exception {
        sandbox = dev.flightdeck.app.TestSandboxes.remembered(SandboxCluster.startQuiet(8));
        sandbox.audit(seen::add);
        proxy = new FaultProxy(Integer.parseInt(sandbox.url().replaceAll(".*:", "")));
        proxy.mode(from);
        Path kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters: [{name: proxied, cluster: {server: %s}}]
                users: [{name: anyone, user: {}}]
                contexts: [{name: proxied, context: {cluster: proxied, user: anyone}}]
                current-context: proxied
                """.formatted(proxy.url()));
        Kubeconfig k = KubeconfigLoader.load(List.of(kubeconfig));
        session = ClusterSession.open(new ConnectionTarget.Context(k, "proxied"), options);
    }

    private void openSynced(Path dir) throws Exception {
        open(dir, SessionOptions.DEFAULTS.withWatchIdleLimit(IDLE));
        assertTrue(session.awaitSynced(30, TimeUnit.SECONDS), session.health().describe());
    }

    @AfterEach
    void close() {
        if (session != null) {
            session.close();
        }
        if (proxy != null) {
            proxy.close();
        }
        if (sandbox != null) {
            sandbox.close();
        }
    }

    @Test
    void aQuietKindStaysLiveItsSilentWatchIsReopenedWithoutAListOrAnAlarm(@TempDir Path dir) throws Exception {
        openSynced(dir);
        int lists = lists();
        int watches = proxy.nodeWatchRequests();
        long end = System.nanoTime() + IDLE.toNanos() * 3 + 1_000_000_000L;
        while (System.nanoTime() < end) { // nothing changes: no event and no bookmark on any stream
            assertTrue(session.watcherHealth().stream().noneMatch(h -> h.phase() == WatchPhase.RECONNECTING),
                    "a quiet stream is no alarm: " + session.health().describe());
            Thread.sleep(50);
        }
        System.out.println("figure: " + (proxy.nodeWatchRequests() - watches) + " quiet node watches reopened in "
                + (IDLE.toMillis() * 3 + 1000) + " ms (idle limit " + IDLE.toMillis() + " ms), no LIST, never reconnecting");
        assertTrue(proxy.nodeWatchRequests() - watches >= 2, "silent watches are reopened, not trusted forever");
        assertEquals(lists, lists(), "from the resourceVersion: no LIST");
    }

    @Test
    void aStalledStreamIsNoticedWithinTwiceTheIdleLimitAndTheModelCatchesUp(@TempDir Path dir) throws Exception {
        openSynced(dir);
        int lists = lists();
        long stalled = System.nanoTime();
        proxy.mode(FaultProxy.Mode.STALL);
        sandbox.control().setNodeCondition("gpu-node-001", "GpuNvlinkWatch", "True", "NvlinkDown", "link 3 down");
        // Silent for the idle limit, then a reopen that gets no answer within it: a stall, said so.
        until("a watcher takes its silent stream for stalled", () -> anyReconnecting("sent nothing for 3 s and reopening it failed"));
        long detectedMs = (System.nanoTime() - stalled) / 1_000_000;
        System.out.println("figure: stalled watch stream noticed after " + detectedMs + " ms (idle limit "
                + IDLE.toMillis() + " ms: silent, then a reopen with no answer)");
        assertTrue(detectedMs <= 2 * IDLE.toMillis() + 2_000, detectedMs + " ms");
        proxy.mode(FaultProxy.Mode.PASS);
        assertConverges("after the stall");
        assertEquals(lists, lists(), "resumed from its resourceVersion: no LIST");
    }

    @Test
    void aResetMidStreamReconnectsFromTheResourceVersion(@TempDir Path dir) throws Exception {
        openSynced(dir);
        int lists = lists();
        int connections = proxy.accepted();
        proxy.resetAll();
        sandbox.control().deleteNode("gpu-node-002");
        sandbox.control().setNodeCondition("gpu-node-003", "SysLogsXIDError", "True", "XID79", "fell off the bus");
        assertConverges("after the reset");
        assertTrue(proxy.accepted() > connections, "reconnected");
        assertEquals(lists, lists(), "resumed from its resourceVersion: no LIST");
    }

    @Test
    void aStreamCutInTheMiddleOfAnEventDropsThePartialEventAndResumes(@TempDir Path dir) throws Exception {
        openSynced(dir);
        int lists = lists();
        int watches = proxy.nodeWatchRequests();
        proxy.cutInside("GPU 1 at 93 C");
        sandbox.control().setNodeCondition("gpu-node-004", "GpuThermalWatch", "True", "Overheat", "GPU 1 at 93 C");
        assertConverges("after the cut event");
        assertEquals("GpuThermalWatch", session.fleet().node("gpu-node-004").facts().conditions().stream()
                .filter(c -> c.type().equals("GpuThermalWatch")).findFirst().orElseThrow().type(),
                "the event that was cut arrives whole after the resume");
        assertFalse(proxy.cutPending(), "a stream carried the event and was cut inside it");
        assertTrue(proxy.nodeWatchRequests() > watches, "the cut node watch was opened again");
        assertEquals(lists, lists(), "no LIST: the partial event was dropped and the stream resumed");
    }

    @Test
    void fiveHundredsAreBackedOffAndTheModelRecovers(@TempDir Path dir) throws Exception {
        openSynced(dir);
        proxy.mode(FaultProxy.Mode.FAIL_500);
        sandbox.control().setNodeCondition("gpu-node-005", "GpuPcieWatch", "True", "PcieError", "PCIe replay");
        Thread.sleep(6_000);
        int refused = proxy.refused();
        System.out.println("figure: " + refused + " requests in 6 s of HTTP 500s (" + session.watcherHealth().size()
                + " watchers backing off with jitter)");
        assertTrue(anyReconnecting("HTTP 500 etcdserver: request timed out"), session.health().describe());
        assertTrue(refused <= 6 * session.watcherHealth().size(), refused + " requests: back-off holds them");
        proxy.mode(FaultProxy.Mode.PASS);
        assertConverges("after the 500s");
    }

    @Test
    void tooManyRequestsWaitsForRetryAfter(@TempDir Path dir) throws Exception {
        openSynced(dir);
        proxy.retryAfter(4);
        proxy.mode(FaultProxy.Mode.FAIL_429);
        until("the first 429s", () -> proxy.refused() >= session.watcherHealth().size());
        Thread.sleep(1_000);
        int first = proxy.refused();
        Thread.sleep(2_000);
        int during = proxy.refused() - first;
        System.out.println("figure: " + during + " requests in the 2 s after the 429s, Retry-After 4 s");
        assertEquals(0, during, "no watcher tries again before its Retry-After");
        proxy.mode(FaultProxy.Mode.PASS);
        assertConverges("after the 429s");
    }

    @Test
    void aSlowServerStillSyncsAndTheModelNeverBlocks(@TempDir Path dir) throws Exception {
        long start = System.nanoTime();
        open(dir, SessionOptions.DEFAULTS.withWatchIdleLimit(Duration.ofSeconds(10)), FaultProxy.Mode.SLOW);
        long worstRead = 0;
        while (!session.awaitSynced(50, TimeUnit.MILLISECONDS)) {
            long t = System.nanoTime();
            session.fleet().snapshot();
            worstRead = Math.max(worstRead, System.nanoTime() - t);
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(90), "synced within 90 s at 2 s per response");
        }
        System.out.println("figure: synced through a 2 s-per-response server in "
                + (System.nanoTime() - start) / 1_000_000 + " ms; slowest model read meanwhile " + worstRead / 1_000 + " µs");
        assertTrue(worstRead < TimeUnit.MILLISECONDS.toNanos(100), "reading the model never waits on the network");
        assertConverges("through the slow server");
    }

    @Test
    void theRequestBudgetIsNeverExceeded(@TempDir Path dir) throws Exception {
        open(dir, SessionOptions.DEFAULTS.withRequestBudget(new RequestBudget(5, 5)));
        assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
        seen.clear();
        KubeRest rest = new KubeRest(session.connection().api());
        List<Thread> burst = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            burst.add(Thread.ofPlatform().start(() -> {
                try {
                    rest.get("/api/v1/nodes/gpu-node-001");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }));
        }
        for (Thread t : burst) {
            t.join();
        }
        Map<Long, Integer> perSecond = new TreeMap<>();
        long first = seen.stream().mapToLong(r -> r.at().toEpochMilli()).min().orElse(0);
        for (SeenRequest r : seen) {
            perSecond.merge((r.at().toEpochMilli() - first) / 1000, 1, Integer::sum);
        }
        System.out.println("figure: 30 requests at once under a budget of 5/s, burst 5: " + perSecond + " per second");
        int worst = perSecond.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        assertTrue(worst <= 10, "never more than the burst plus a second's rate: " + perSecond);
        assertTrue(perSecond.size() >= 5, "spread over the seconds the budget allows: " + perSecond);
    }

    private int lists() {
        return session.watcherLists().values().stream().mapToInt(Integer::intValue).sum();
    }

    private boolean anyReconnecting(String words) {
        for (WatchHealth h : session.watcherHealth()) {
            if (h.phase() == WatchPhase.RECONNECTING && h.reason() != null && h.reason().contains(words)) {
                return true;
            }
        }
        return false;
    }

    /** The model's nodes (name, resourceVersion) equal the server's within 10 s. */
    private void assertConverges(String when) throws Exception {
        long start = System.nanoTime();
        Map<String, String> server = new TreeMap<>();
        Map<String, String> shown = new TreeMap<>();
        while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10)) {
            server.clear();
            for (var n : sandbox.store().listAll("nodes")) {
                if (!n.path("metadata").path("name").asText().startsWith("gpu-node-")) {
                    continue; // the model keeps GPU nodes; system nodes carry no GPU work
                }
                server.put(n.path("metadata").path("name").asText(), n.path("metadata").path("resourceVersion").asText());
            }
            shown.clear();
            for (GpuNode n : session.fleet().snapshot().nodes()) {
                shown.put(n.name(), n.facts().resourceVersion());
            }
            if (server.equals(shown)) {
                System.out.println("figure: the model equals the server " + (System.nanoTime() - start) / 1_000_000
                        + " ms " + when);
                return;
            }
            Thread.sleep(50);
        }
        assertEquals(server, shown, "the model equals the server within 10 s " + when + "; watchers: "
                + session.watcherHealth());
    }

    private static void until(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(20);
        }
    }
}
