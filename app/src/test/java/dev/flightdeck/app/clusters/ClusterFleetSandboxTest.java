package dev.flightdeck.app.clusters;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several sandboxes open at once, each in different trouble, plus a cluster that is down and one
 * whose server accepts connections and never answers: each is its own session, the slow one delays
 * nobody, the overview sorts the worst first, search finds a name in whichever cluster holds it.
 */
class ClusterFleetSandboxTest {

    private static final List<SandboxCluster> sandboxes = new ArrayList<>();
    private static ServerSocket silent;
    private static final List<Socket> held = new ArrayList<>();

    private static Kubeconfig kubeconfig;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        for (String gang : new String[]{"pretrain-east", "pretrain-west", "pretrain-lab"}) {
            sandboxes.add(SandboxCluster.startForDrill(8, List.of(new SandboxCluster.DrillGang("training", gang, 4, 8,
                    Duration.ofMinutes(30), Instant.now().minus(Duration.ofMinutes(20)), 1_000))));
        }
        silent = new ServerSocket(0);
        Thread.ofVirtual().start(() -> {
            while (!silent.isClosed()) {
                try {
                    held.add(silent.accept()); // accepted, never answered
                } catch (IOException closed) {
                    return;
                }
            }
        });
        Path kc = dir.resolve("kubeconfig");
        StringBuilder y = new StringBuilder("apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user: {}\nclusters:\n");
        y.append("- name: down\n  cluster:\n    server: http://127.0.0.1:").append(closedPort()).append('\n');
        y.append("- name: silent\n  cluster:\n    server: http://127.0.0.1:").append(silent.getLocalPort()).append('\n');
        y.append("contexts:\n");
        for (String n : new String[]{"down", "silent"}) {
            y.append("- name: ").append(n).append("\n  context:\n    cluster: ").append(n).append("\n    user: u\n");
        }
        Files.writeString(kc, y);
        kubeconfig = KubeconfigLoader.load(List.of(kc));
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The sandboxes under their clusters' names, then a cluster that is down and one that never answers. */
    private static List<ConnectionTarget> targets() {
        List<ConnectionTarget> out = new ArrayList<>();
        sandboxes.forEach(s -> out.add(TestSandboxes.target(s)));
        out.add(new ConnectionTarget.Context(kubeconfig, "down"));
        out.add(new ConnectionTarget.Context(kubeconfig, "silent"));
        return out;
    }

    private static String name(int sandbox) {
        return TestSandboxes.target(sandboxes.get(sandbox)).displayName();
    }

    @AfterAll
    static void stop() throws IOException {
        sandboxes.forEach(SandboxCluster::close);
        silent.close();
        for (Socket s : held) {
            s.close();
        }
    }

    private static ClusterSession open(ConnectionTarget t) throws ConnectionProblem {
        return ClusterSessions.openStarted(t, SessionOptions.DEFAULTS);
    }

    private static FleetOverview await(ClusterFleet fleet, String what, Predicate<FleetOverview> ok) throws InterruptedException {
        return FleetWait.until(fleet, Duration.ofSeconds(30), what, ok);
    }

    private static ClusterSummary row(FleetOverview o, String name) {
        return FleetWait.row(o, name);
    }

    @Test
    void threeClustersInDifferentTroubleAreSortedWorstFirstAndTheSlowOneDelaysNobody() throws Exception {
        String east = name(0);
        String west = name(1);
        String lab = name(2);
        try (ClusterFleet fleet = new ClusterFleet(ClusterFleetSandboxTest::open)) {
            long start = System.nanoTime();
            fleet.keepOpen(targets());
            FleetOverview live = await(fleet, "three sandboxes live", o -> o.rows().stream()
                    .filter(r -> r.connection() == ClusterSummary.Connection.LIVE).count() == 3);
            long liveMs = (System.nanoTime() - start) / 1_000_000;
            System.out.println("figure: three sandboxes live " + liveMs + " ms after opening, the silent cluster still "
                    + row(live, "silent").connection().label());
            // Still connecting when the other three are live: had they waited behind it, its 15 s probe would have
            // ended first and it would no longer be connecting.
            assertEquals(ClusterSummary.Connection.CONNECTING, row(live, "silent").connection(), "it has not answered");

            sandboxes.get(0).control().failPod("training", sandboxes.get(0).control().podOfRank("training",
                    "pretrain-east", 2), "Error", 1, "NCCL error");
            String westNode = sandboxes.get(1).control().nodeOfRank("training", "pretrain-west", 0);
            sandboxes.get(1).control().setNodeCondition(westNode, "SysLogsXIDError", "True", "XID79",
                    "Xid 79: GPU has fallen off the bus");
            FleetOverview o = await(fleet, "east halted and west at risk", x -> row(x, east).gangs().stopped() == 1
                    && row(x, west).gangs().atRiskGangs() == 1);
            List<String> order = o.rows().stream().map(ClusterSummary::name).toList();
            System.out.println(String.join("\n", FleetTable.lines(o)));
            assertEquals(List.of("down", "silent", east, west, lab), order, "cannot see, cannot connect yet, "
                    + "a halted gang, a gang at risk, healthy");
            assertEquals(ClusterSummary.Connection.CANNOT_CONNECT, row(o, "down").connection());
            assertTrue(row(o, "down").connectionWords().contains("refuses connections"), row(o, "down").connectionWords());
            assertEquals(1, row(o, west).nodes(NodeVerdict.UNTRUSTED));
            assertTrue(java.util.Set.of(GangVerdict.HALTED, GangVerdict.FAILED).contains(
                    fleet.cluster(east).session().model().gangs().getFirst().verdict()), "a rank died: the gang stopped");
            FleetOverview.Totals t = o.totals();
            assertEquals(5, t.clusters());
            assertEquals(2, t.unreadable());
            assertEquals(3 * 8 * 8, t.gpusTotal(), "three sandboxes of 8 nodes × 8 GPUs");
            assertEquals(1, t.gangsStopped());
            assertEquals(1, t.gangsAtRisk());
            assertTrue(row(o, west).gangs().gpuHoursAtRisk() > 0, "20 min since its checkpoint × 32 GPUs");
            assertNotNull(row(o, lab).dataAge());
            assertTrue(row(o, lab).dataAge().compareTo(Duration.ofSeconds(30)) < 0, "data age " + row(o, lab).dataAge());

            List<ClusterSearch.Hit> hits = ClusterSearch.find(fleet.clusters(), westNode);
            assertTrue(hits.stream().anyMatch(h -> h.cluster().equals(west) && h.kind() == ClusterSearch.Kind.NODE
                    && h.closeness() == 0 && h.detail().equals("untrusted")), hits.toString());
            List<ClusterSearch.Hit> gangs = ClusterSearch.find(fleet.clusters(), "pretrain-");
            assertEquals(java.util.Set.of(east, west, lab), gangs.stream().filter(h -> h.kind() == ClusterSearch.Kind.GANG)
                    .map(ClusterSearch.Hit::cluster).collect(java.util.stream.Collectors.toSet()),
                    "each cluster's gang, found where it lives");
            assertEquals(3, gangs.stream().filter(h -> h.kind() == ClusterSearch.Kind.GANG).count());
            List<ClusterSearch.Hit> labHits = ClusterSearch.find(fleet.clusters(), "training/pretrain-lab");
            assertEquals(lab, labHits.getFirst().cluster());
            assertEquals(0, labHits.getFirst().closeness());
            assertTrue(ClusterSearch.find(fleet.clusters(), "pretrain-lab-").stream()
                    .anyMatch(h -> h.kind() == ClusterSearch.Kind.POD && h.cluster().equals(lab) && h.node() != null),
                    "a rank's pod, with the node to go to");
        }
    }

    @Test
    void keepingASmallerOrLargerSetClosesOnlyWhatLeftAndKeepsTheOthersSessions() throws Exception {
        try (ClusterFleet fleet = new ClusterFleet(ClusterFleetSandboxTest::open)) {
            List<ConnectionTarget> all = targets();
            fleet.keepOpen(all.subList(0, 2));
            await(fleet, "east and west live", o -> o.rows().stream()
                    .allMatch(r -> r.connection() == ClusterSummary.Connection.LIVE));
            ClusterSession east = fleet.cluster(name(0)).session();
            OpenCluster west = fleet.cluster(name(1));
            fleet.keepOpen(List.of(all.get(0), all.get(2))); // west removed, lab added
            await(fleet, "east and lab live", o -> o.rows().size() == 2 && o.rows().stream()
                    .allMatch(r -> r.connection() == ClusterSummary.Connection.LIVE));
            assertSame(east, fleet.cluster(name(0)).session(), "east stayed open: switching to it needs no resync");
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (west.stage() != OpenCluster.Stage.CLOSED && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(OpenCluster.Stage.CLOSED, west.stage(), "west was closed");
            assertEquals(List.of(name(0), name(2)), fleet.clusters().stream().map(OpenCluster::name).toList());
        }
    }
}
