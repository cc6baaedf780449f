package dev.flightdeck.app.queues.teams;

import dev.flightdeck.app.controlplane.HeadlessCheck;

import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.TeamKey;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Team capacity on the real control plane (kube-apiserver, scheduler, Job controller): GPU nodes owned by two teams —
 * alpha's labelled and tainted with the team key, beta's only tainted — and one of no team, with capacity and
 * allocatable as the device plugin reports them; Indexed Jobs and single pods requesting {@code nvidia.com/gpu} placed
 * by the real scheduler. {@code flightdeck check}, run as its own process with a settings file naming the key, prints
 * the figures worked out by hand below, and a session's model gives the same table.
 *
 * <pre>
 * alpha  a1  8 GPUs, trusted           train: an Indexed Job of 2 ranks x 3 GPUs, both here   (6 allocated, 2 free)
 *        a2  8 GPUs, 7 allocatable      one GPU withdrawn: degraded, still usable; a 1-GPU pod (1 allocated, 6 free)
 *        a3  8 GPUs, Xid 79 condition   untrusted: none usable; a 2-GPU pod                    (2 allocated, 0 free)
 * beta   b1  4 GPUs, trusted           queued: 2 ranks x 4 GPUs; one runs here, one is Pending (4 allocated)
 *        b2  4 GPUs, cordoned           not usable
 * none   n1  8 GPUs                     nowhere: one 16-GPU rank no node can take, bound to none
 * </pre>
 */
@ExtendWith(RealKube.class)
class TeamCapacityRealTest {

    private static RealCluster real;
    private static String key;
    private static String ns;
    private static HeadlessCheck.Ran check;
    private static String a2;
    private static String a3;

    @BeforeAll
    static void teamsAndCheck(RealCluster cluster, @TempDir Path home) throws Exception {
        real = cluster;
        // A key of this run's own: the fork's other tests' nodes carry none of it, so they are all "(no team)".
        key = "test.flightdeck.dev/" + RealCluster.unique("team");
        ns = real.namespace("teams");
        String a1 = gpuNode("a1", 8, true, "alpha");
        a2 = gpuNode("a2", 8, true, "alpha");
        a3 = gpuNode("a3", 8, true, "alpha");
        String b1 = gpuNode("b1", 4, false, "beta");
        String b2 = gpuNode("b2", 4, false, "beta");
        String n1 = RealCluster.unique(ns + "-n1");
        real.kubelet().registerGpuNode(n1, 8, Map.of(), List.of(taint("test.flightdeck.dev/keep-off", "teams")));
        // The device plugin withdraws an unhealthy GPU: capacity stays 8, allocatable drops to 7.
        status(a2, "application/merge-patch+json", "{\"status\":{\"allocatable\":{\"nvidia.com/gpu\":\"7\"}}}");
        // NVSentinel's condition for an Xid, written through nodes/status as a health agent does.
        // Strategic merge: the condition joins the kubelet's Ready instead of replacing the list.
        status(a3, "application/strategic-merge-patch+json", "{\"status\":{\"conditions\":[{\"type\":\"SysLogsXIDError\","
                + "\"status\":\"True\",\"reason\":\"XID79\","
                + "\"message\":\"Xid 79 on GPU 2: GPU has fallen off the bus\",\"lastTransitionTime\":\""
                + java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS) + "\"}]}}");
        real.admin().nodes().withName(b2).edit(n -> {
            n.getSpec().setUnschedulable(true);
            return n;
        });

        indexedJob("train", 2, 3, a1);
        pod("inference", 1, a2);
        pod("eval", 2, a3);
        indexedJob("queued", 2, 4, b1);
        indexedJob("nowhere", 1, 16, n1);
        awaitPods("train", 2, p -> "Running".equals(p.getStatus().getPhase()));
        awaitPods("inference", 1, p -> "Running".equals(p.getStatus().getPhase()));
        awaitPods("eval", 1, p -> "Running".equals(p.getStatus().getPhase()));
        awaitPods("queued", 1, p -> "Running".equals(p.getStatus().getPhase()));
        awaitPods("queued", 1, TeamCapacityRealTest::unschedulable);
        awaitPods("nowhere", 1, TeamCapacityRealTest::unschedulable);

        Path config = Files.createDirectories(home.resolve("flightdeck-home").resolve("config"));
        Files.writeString(config.resolve("settings.json"), """
                {"clusters": {"real": {"teamKey": "%s"}}}
                """.formatted(key));
        check = HeadlessCheck.run(home, real.plane().adminKubeconfig());
    }

    @Test
    void checkPrintsEachTeamsFiguresAfterEverySectionBefore() {
        assertEquals(0, check.exit(), check.all());
        List<String> out = check.out();
        int head = out.indexOf(out.stream().filter(l -> l.startsWith("teams by " + key + ": 2 teams, ")).findFirst()
                .orElseThrow(() -> new AssertionError("no teams section: " + check.all())));
        assertTrue(out.subList(0, head).stream().anyMatch(l -> l.startsWith("readyz: ")), "teams come after the "
                + "API server's section, so no line before them moved: " + check.all());
        assertEquals("team       nodes  gpus  usable  allocated  free  gangs running  gangs waiting  gangs queued", out.get(head + 1));
        assertEquals("alpha          3    24      15          9     8              1              0             0", out.get(head + 2),
                check.all());
        assertEquals("beta           2     8       4          4     0              0              1             0", out.get(head + 3),
                check.all());
        assertTrue(out.get(head + 4).startsWith("(no team)  "), check.all());
        assertTrue(out.subList(head, out.size()).stream().anyMatch(l -> l.matches("\\d+ gangs? ha(s|ve) no rank on a GPU "
                + "node yet, so no team's row counts it")), "nowhere's rank is bound to no node: " + check.all());
        // Every other GPU node of this control plane carries no such key: the row is all of them, n1 among them.
        int[] others = ungrouped();
        assertTrue(out.get(head).endsWith(", " + others[0] + (others[0] == 1 ? " node" : " nodes") + " with no team"),
                out.get(head));
        assertTrue(out.get(head + 4).matches("\\(no team\\) +" + others[0] + " +" + others[1] + " .*"), out.get(head + 4));
    }

    @Test
    void aSessionOpenedWithTheKeyHasTheSameTableInItsModel() throws Exception {
        SessionOptions options = SessionOptions.DEFAULTS.with(ClusterSettings.DEFAULTS.withTeamKey(new TeamKey(key)));
        try (ClusterSession session = ClusterSessions.openStarted(real.target(), options)) {
            assertTrue(session.awaitSynced(2, TimeUnit.MINUTES), "watches synced");
            TeamTable t = TeamTable.of(session.teamKey(), session.model().snapshot().nodes(), session.model().gangs());
            assertEquals(dev.flightdeck.app.nodes.NodeVerdict.UNTRUSTED, session.model().node(a3).verdict());
            assertEquals(dev.flightdeck.app.nodes.NodeVerdict.DEGRADED, session.model().node(a2).verdict());
            assertEquals(new TeamRow("alpha", 3, 24, 15, 9, 8, 1, 0, 0), t.row("alpha"));
            assertEquals(new TeamRow("beta", 2, 8, 4, 4, 0, 0, 1, 0), t.row("beta"));
            int[] others = ungrouped();
            TeamRow none = t.row(NodeTeams.NO_TEAM);
            assertEquals(others[0], none.nodes());
            assertEquals(others[1], none.gpusTotal());
            assertTrue(t.gangsOnNoNode() >= 1, "nowhere is in no team's row: " + t);
            assertTrue(NodeKeys.offered(session.model().snapshot().nodes()).stream()
                    .anyMatch(o -> o.key().equals(key) && o.nodes() == 5), "the dialog would offer the key");
        }
    }

    /** A node of {@code team}'s: tainted with the key (so no other test's pod lands there), labelled too when asked. */
    private static String gpuNode(String suffix, int gpus, boolean labelled, String team) {
        String name = RealCluster.unique(ns + "-" + suffix);
        real.kubelet().registerGpuNode(name, gpus, labelled ? Map.of(key, team) : Map.of(), List.of(taint(key, team)));
        return name;
    }

    private static Taint taint(String k, String v) {
        return new TaintBuilder().withKey(k).withValue(v).withEffect("NoSchedule").build();
    }

    private static void status(String node, String patchType, String patch) throws Exception {
        var r = real.plane().adminSend("PATCH", "/api/v1/nodes/" + node + "/status", patchType, patch);
        assertEquals(200, r.statusCode(), r.body());
    }

    /** The pod spec every workload here uses: pinned to one node by its hostname, tolerating the teams' taints. */
    private static io.fabric8.kubernetes.api.model.PodSpec onNode(String node, int gpus) {
        return new io.fabric8.kubernetes.api.model.PodSpecBuilder().withRestartPolicy("Never")
                .withNodeSelector(Map.of("kubernetes.io/hostname", node))
                .addNewToleration().withKey(key).withOperator("Exists").endToleration()
                .addNewToleration().withKey("test.flightdeck.dev/keep-off").withOperator("Exists").endToleration()
                .addNewContainer().withName("trainer").withImage("nvcr.io/nvidia/pytorch:24.05-py3").withNewResources()
                .withLimits(Map.of("nvidia.com/gpu", new Quantity(String.valueOf(gpus)))).endResources().endContainer()
                .build();
    }

    private static void indexedJob(String name, int ranks, int gpus, String node) {
        real.admin().batch().v1().jobs().inNamespace(ns).resource(new JobBuilder().withNewMetadata().withName(name)
                .endMetadata().withNewSpec().withCompletionMode("Indexed").withCompletions(ranks).withParallelism(ranks)
                .withNewTemplate().withNewMetadata().withLabels(Map.of("workload", name)).endMetadata()
                .withSpec(onNode(node, gpus)).endTemplate().endSpec().build()).create();
    }

    private static void pod(String name, int gpus, String node) {
        real.admin().pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName(name)
                .withLabels(Map.of("workload", name)).endMetadata().withSpec(onNode(node, gpus)).build()).create();
    }

    private static boolean unschedulable(Pod p) {
        return p.getStatus() != null && p.getStatus().getConditions() != null && p.getStatus().getConditions().stream()
                .anyMatch(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()));
    }

    /** Waits until {@code count} of the workload's pods pass {@code test} (the scheduler and Job controller work). */
    private static void awaitPods(String workload, int count, Predicate<Pod> test) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<Pod> pods = List.of();
        while (System.nanoTime() < deadline) {
            pods = real.admin().pods().inNamespace(ns).withLabel("workload", workload).list().getItems();
            if (pods.stream().filter(test).count() >= count) {
                return;
            }
            sleep();
        }
        throw new AssertionError(workload + ": not " + count + " pods as awaited in 60 s: " + pods.stream()
                .map(p -> p.getMetadata().getName() + " " + p.getStatus().getPhase()).toList());
    }

    /** GPU nodes of this control plane without the key, and their GPUs, as the API server lists them now. */
    private static int[] ungrouped() {
        int nodes = 0;
        int gpus = 0;
        for (Node n : real.admin().nodes().list().getItems()) {
            Map<String, String> labels = n.getMetadata().getLabels() == null ? Map.of() : n.getMetadata().getLabels();
            Quantity q = n.getStatus().getCapacity() == null ? null : n.getStatus().getCapacity().get("nvidia.com/gpu");
            int capacity = q == null ? 0 : Integer.parseInt(q.getAmount());
            boolean gpuNode = "true".equals(labels.get("nvidia.com/gpu.present")) || capacity > 0;
            boolean teamed = labels.containsKey(key) || (n.getSpec().getTaints() != null
                    && n.getSpec().getTaints().stream().anyMatch(t -> t.getKey().equals(key)));
            if (gpuNode && !teamed) {
                nodes++;
                gpus += capacity > 0 ? capacity : Integer.parseInt(labels.getOrDefault("nvidia.com/gpu.count", "0"));
            }
        }
        return new int[]{nodes, gpus};
    }


    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
