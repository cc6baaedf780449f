package dev.flightdeck.app.faults;

import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;
import io.fabric8.kubernetes.api.model.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real kube-apiserver killed (SIGKILL) mid-watch and started again on the same etcd: while it is
 * down the session says it is reconnecting and why; once it is back, changes made after the restart
 * reach the model, which then equals a fresh LIST (nothing missing, nothing duplicated, no node that
 * is gone still shown) within 10 s, and each kind was listed at most once more (the watch caches
 * start afresh, so a resume from before is 410 Gone: one relist, no storm).
 */
@ExtendWith(RealKube.class)
class ApiserverRestartRealTest {

    @Test
    void theModelEqualsAFreshListSoonAfterTheApiServerComesBack(RealCluster real) throws Exception {
        String keep = RealCluster.unique("restart-keep");
        String gone = RealCluster.unique("restart-gone");
        real.kubelet().registerGpuNode(keep, 8, Map.of());
        real.kubelet().registerGpuNode(gone, 8, Map.of());
        try (ClusterSession session = ClusterSessions.openStarted(real.target(), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            Map<String, Integer> listsBefore = session.watcherLists();

            real.plane().killApiserver();
            long down = System.nanoTime();
            String reason = awaitReconnecting(session);
            System.out.println("figure: apiserver killed; the session says \"" + reason + "\" after "
                    + (System.nanoTime() - down) / 1_000_000 + " ms");

            real.plane().startApiserverAgain();
            long up = System.nanoTime();
            real.admin().nodes().withName(gone).delete();
            var r = real.plane().adminSend("PATCH", "/api/v1/nodes/" + keep + "/status", "application/strategic-merge-patch+json",
                    """
                    {"status":{"conditions":[{"type":"SysLogsXIDError","status":"True","reason":"XID79",
                    "message":"Xid 79 after the restart","lastHeartbeatTime":"%s","lastTransitionTime":"%s"}]}}"""
                            .formatted(Instant.now(), Instant.now()));
            assertEquals(200, r.statusCode(), r::body);

            Map<String, String> server = new TreeMap<>();
            Map<String, String> shown = new TreeMap<>();
            while (System.nanoTime() - up < TimeUnit.SECONDS.toNanos(10)) {
                server.clear();
                for (Node n : real.admin().nodes().list().getItems()) {
                    if ("true".equals(n.getMetadata().getLabels().get("nvidia.com/gpu.present"))) {
                        server.put(n.getMetadata().getName(), n.getMetadata().getResourceVersion());
                    }
                }
                shown.clear();
                for (GpuNode n : session.model().snapshot().nodes()) {
                    shown.put(n.name(), n.facts().resourceVersion());
                }
                if (server.equals(shown) && !shown.containsKey(gone)) {
                    break;
                }
                Thread.sleep(100);
            }
            long caughtUp = (System.nanoTime() - up) / 1_000_000;
            assertEquals(server, shown, "the model equals a fresh LIST within 10 s of the restart");
            Map<String, Integer> listsAfter = session.watcherLists();
            System.out.println("figure: the model equals a fresh LIST " + caughtUp + " ms after the API server was back;"
                    + " LISTs per kind before " + listsBefore + ", after " + listsAfter);
            listsAfter.forEach((kind, n) -> assertTrue(n - listsBefore.getOrDefault(kind, 0) <= 1,
                    kind + " listed " + (n - listsBefore.getOrDefault(kind, 0)) + " more times: no relist storm"));
        }
    }

    @Test
    void aWatchTooOldAfterEtcdCompactionRelistsItsKindOnceAndWatchesAgain(RealCluster real) throws Exception {
        String node = RealCluster.unique("compact");
        real.kubelet().registerGpuNode(node, 8, Map.of());
        try (ClusterSession session = ClusterSessions.openStarted(real.target(), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            Map<String, Integer> before = session.watcherLists();
            // Down, every version before now compacted away, up again: every resume is 410 Gone.
            real.plane().killApiserver();
            real.plane().compactEtcd();
            real.plane().startApiserverAgain();
            condition(real, node, "XID48", "after the compaction");
            awaitShown(session, node, "XID48");
            // Each kind relists on its own jittered delay; the nodes' may come first.
            Map<String, Integer> relisted = awaitEveryKindRelisted(session, before);
            condition(real, node, "XID79", "watching again");
            awaitShown(session, node, "XID79");
            Map<String, Integer> after = session.watcherLists();
            System.out.println("figure: after an etcd compaction past every watch, LISTs per kind " + before + " -> "
                    + after);
            assertEquals(before.get("nodes") + 1, after.get("nodes"), "nodes relisted once (410 Gone)");
            after.forEach((kind, n) -> assertTrue(n - before.getOrDefault(kind, 0) <= 1, kind + ": one relist at most"));
            assertEquals(relisted, after, "the next change came by the watch, not another LIST");
        }
    }

    private static void condition(RealCluster real, String node, String reason, String message) throws Exception {
        var r = real.plane().adminSend("PATCH", "/api/v1/nodes/" + node + "/status", "application/strategic-merge-patch+json",
                "{\"status\":{\"conditions\":[{\"type\":\"SysLogsXIDError\",\"status\":\"True\",\"reason\":\"" + reason
                        + "\",\"message\":\"" + message + "\",\"lastHeartbeatTime\":\"" + Instant.now()
                        + "\",\"lastTransitionTime\":\"" + Instant.now() + "\"}]}}");
        assertEquals(200, r.statusCode(), r::body);
    }

    private static void awaitShown(ClusterSession session, String node, String reason) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            GpuNode n = session.model().node(node);
            if (n != null && n.facts().conditions().stream().anyMatch(c -> reason.equals(c.reason()))) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError(node + " never showed " + reason + ": " + session.health().describe());
    }

    private static Map<String, Integer> awaitEveryKindRelisted(ClusterSession session, Map<String, Integer> before)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            Map<String, Integer> now = session.watcherLists();
            boolean all = now.entrySet().stream().allMatch(e -> e.getValue() > before.getOrDefault(e.getKey(), 0));
            boolean live = session.watcherHealth().stream().allMatch(h -> h.phase() == WatchPhase.LIVE);
            if ((all && live) || System.nanoTime() > deadline) {
                return now;
            }
            Thread.sleep(50);
        }
    }

    private static String awaitReconnecting(ClusterSession session) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            for (WatchHealth h : session.watcherHealth()) {
                if (h.phase() == WatchPhase.RECONNECTING && h.reason() != null) {
                    return h.reason();
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the session never said it was reconnecting: " + session.health().describe());
    }
}
