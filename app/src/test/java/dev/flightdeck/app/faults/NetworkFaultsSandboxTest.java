package dev.flightdeck.app.faults;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.app.connect.RequestBudget;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.SeenRequest;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;
import dev.flightdeck.testkit.Await;
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
        session = ClusterSessions.openStarted(new ConnectionTarget.Context(k, "proxied"), options);
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
        long start = System.nanoTime();
        // Nothing changes: no event and no bookmark on any stream. Until the node watch has been reopened twice
        // (each after an idle limit of silence), no watcher may say it is reconnecting.
        Await.until("silent node watches reopened twice", Duration.ofSeconds(60), () -> {
            assertTrue(session.watcherHealth().stream().noneMatch(h -> h.phase() == WatchPhase.RECONNECTING),
                    "a quiet stream is no alarm: " + session.health().describe());
            return proxy.nodeWatchRequests() - watches >= 2;
        });
        System.out.println("figure: " + (proxy.nodeWatchRequests() - watches) + " quiet node watches reopened in "
                + (System.nanoTime() - start) / 1_000_000 + " ms (idle limit " + IDLE.toMillis()
                + " ms), no LIST, never reconnecting");
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
        Await.until("a watcher takes its silent stream for stalled", Duration.ofSeconds(30),
                () -> anyReconnecting("sent nothing for 3 s and reopening it failed"));
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
        assertEquals("GpuThermalWatch", session.model().node("gpu-node-004").facts().conditions().stream()
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
        Await.until(() -> "a watch refused three times: " + refusedCounts(), Duration.ofSeconds(60),
                () -> refusedWatches().values().stream().anyMatch(t -> t.size() >= 3));
        Await.until(() -> "the 500s said: " + session.health().describe(), Duration.ofSeconds(30),
                () -> anyReconnecting("HTTP 500 etcdserver: request timed out"));
        Map<String, List<Long>> gaps = gapsMillis(refusedWatches());
        System.out.println("figure: ms between a watch's refused requests under HTTP 500s (" + session.watcherHealth().size()
                + " watchers backing off with jitter): " + gaps.values());
        // The n-th wait after a 500 is at least half of 500 ms << n, whatever the jitter: 0.5 s, 1 s, 2 s, ...
        gaps.forEach((watch, waits) -> {
            for (int i = 0; i < waits.size(); i++) {
                assertTrue(waits.get(i) >= 250L << (i + 1), watch + " asked again after " + waits + " ms: back-off holds it");
            }
        });
        proxy.mode(FaultProxy.Mode.PASS);
        assertConverges("after the 500s");
    }

    @Test
    void tooManyRequestsWaitsForRetryAfter(@TempDir Path dir) throws Exception {
        openSynced(dir);
        proxy.retryAfter(4);
        proxy.mode(FaultProxy.Mode.FAIL_429);
        Await.until(() -> "a watch asked again after its 429: " + refusedCounts(), Duration.ofSeconds(60),
                () -> refusedWatches().values().stream().anyMatch(t -> t.size() >= 2));
        Map<String, List<Long>> gaps = gapsMillis(refusedWatches());
        System.out.println("figure: ms between a watch's requests refused with 429, Retry-After 4 s: " + gaps.values());
        gaps.forEach((watch, waits) -> assertTrue(waits.stream().allMatch(w -> w >= 4_000),
                watch + " asked again after " + waits + " ms: no watcher tries again before its Retry-After"));
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
            session.model().snapshot();
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

    /**
     * Each watch's refused requests (when the proxy read them, ns), keyed by what it asked for less its
     * timeoutSeconds (a watcher picks a new one for each request, as client-go does).
     */
    private Map<String, List<Long>> refusedWatches() {
        Map<String, List<Long>> watches = new TreeMap<>();
        for (FaultProxy.Refusal r : proxy.refusals()) {
            if (r.target().contains("watch=")) {
                watches.computeIfAbsent(r.target().replaceAll("&?timeoutSeconds=\\d+", ""), k -> new ArrayList<>())
                        .add(r.nanos());
            }
        }
        return watches;
    }

    /** How many times each watch was refused, for a failed wait. */
    private String refusedCounts() {
        Map<String, Integer> counts = new TreeMap<>();
        refusedWatches().forEach((watch, at) -> counts.put(watch, at.size()));
        return counts.toString();
    }

    /** For each watch, the milliseconds between one refused request and the next. */
    private static Map<String, List<Long>> gapsMillis(Map<String, List<Long>> refused) {
        Map<String, List<Long>> gaps = new TreeMap<>();
        refused.forEach((watch, at) -> {
            List<Long> g = new ArrayList<>();
            for (int i = 1; i < at.size(); i++) {
                g.add((at.get(i) - at.get(i - 1)) / 1_000_000);
            }
            gaps.put(watch, g);
        });
        return gaps;
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
            for (GpuNode n : session.model().snapshot().nodes()) {
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
}
