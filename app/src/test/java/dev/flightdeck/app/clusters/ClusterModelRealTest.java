package dev.flightdeck.app.clusters;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The real control plane (v1.32.13) and a sandbox open in one fleet: a node registered on the real
 * cluster is found there and only there, and when the real API server is killed its row says
 * reconnecting while the sandbox stays live and keeps its session; after the restart both are live.
 */
@ExtendWith(RealKube.class)
class ClusterModelRealTest {

    private static FleetOverview await(ClusterFleet fleet, String what, Predicate<FleetOverview> ok) throws InterruptedException {
        return FleetWait.until(fleet, Duration.ofSeconds(90), what, ok);
    }

    private static ClusterSummary row(FleetOverview o, String name) {
        return FleetWait.row(o, name);
    }

    @Test
    void aRealClusterAndASandboxOpenTogetherAndTheRealOneGoingDownDelaysNothing(RealCluster real) throws Exception {
        String node = RealCluster.unique("fleet-node");
        real.kubelet().registerGpuNode(node, 8, Map.of());
        try (SandboxCluster sandbox = SandboxCluster.startQuiet(16);
             ClusterFleet fleet = new ClusterFleet(t -> ClusterSessions.openStarted(t, SessionOptions.DEFAULTS))) {
            ConnectionTarget sandboxTarget = TestSandboxes.target(sandbox);
            String sandboxName = sandboxTarget.displayName();
            fleet.keepOpen(java.util.List.of(real.target(), sandboxTarget));
            await(fleet, "both live", o -> o.rows().size() == 2
                    && o.rows().stream().allMatch(r -> r.connection() == ClusterSummary.Connection.LIVE)
                    && fleet.cluster("real").session().model().node(node) != null);
            var hits = ClusterSearch.find(fleet.clusters(), node);
            assertEquals(1, hits.size(), hits.toString());
            assertEquals("real", hits.getFirst().cluster());
            assertEquals(ClusterSearch.Kind.NODE, hits.getFirst().kind());
            ClusterSession sandboxSession = fleet.cluster(sandboxName).session();
            try {
                real.plane().killApiserver();
                long killed = System.nanoTime();
                FleetOverview down = await(fleet, "the real cluster reconnecting",
                        o -> row(o, "real").connection() == ClusterSummary.Connection.RECONNECTING);
                System.out.printf("figure: the real cluster's row said reconnecting %d ms after the kill; the sandbox: %s%n",
                        (System.nanoTime() - killed) / 1_000_000, row(down, sandboxName).connection().label());
                assertEquals(ClusterSummary.Connection.LIVE, row(down, sandboxName).connection());
                assertEquals("real", down.rows().getFirst().name(), "the cluster that cannot be seen sorts first");
                long readStart = System.nanoTime();
                FleetOverview.read(fleet.clusters(), Instant.now());
                long readMs = (System.nanoTime() - readStart) / 1_000_000;
                System.out.println("figure: the overview read in " + readMs + " ms with the real server down");
                sandbox.control().setNodeCondition("gpu-node-003", "SysLogsXIDError", "True", "XID79", "Xid 79");
                await(fleet, "the sandbox's change seen while the real server is down",
                        o -> row(o, sandboxName).nodes(dev.flightdeck.app.nodes.NodeVerdict.UNTRUSTED) >= 2);
            } finally {
                real.plane().startApiserverAgain();
                real.plane().awaitControllersCaughtUp();
            }
            FleetWait.until(fleet, Duration.ofSeconds(90), "the real cluster live again",
                    o -> row(o, "real").connection() == ClusterSummary.Connection.LIVE,
                    () -> "its watchers: " + fleet.cluster("real").session().watcherHealth());
            assertSame(sandboxSession, fleet.cluster(sandboxName).session(), "the sandbox's session never reopened");
        }
    }
}
