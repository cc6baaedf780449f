package dev.flightdeck.app.queues;

import dev.flightdeck.app.controlplane.Kubectl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.cli.CheckCommand;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.controlplane.RealKueue;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Kueue's queues on kube-apiserver 1.32 with Kueue v0.19.2's own CRDs: a ResourceFlavor, a ClusterQueue of 16
 * H100 GPUs, a LocalQueue, and two Jobs under it as Kueue leaves them — {@code run-small} admitted (its Workload
 * holds all 16 GPUs; Kueue unsuspended it, its pods run) and {@code run-big} waiting for quota (suspended, no pods;
 * its Workload's QuotaReserved=False in Kueue's words). Workloads and status are written as Kueue's controllers
 * write them (status through the status subresource); Kueue's controller itself does not run, so nothing changes
 * them under the test. The session must show the queue's usage and run-big as a queued gang with Kueue's reason,
 * and {@code check} must print them.
 */
@ExtendWith(RealKube.class)
class QueuesKueueRealTest {

    private static final String WAITING = "waiting for quota in ClusterQueue research: 16 GPUs more needed in flavor h100 "
            + "(16 of 16 in use by %s/run-small)";
    private static RealCluster real;
    private static String ns;

    @BeforeAll
    static void arrange(RealCluster cluster) throws Exception {
        real = cluster;
        if (!RealKueue.installed(real)) {
            // before Kueue: nothing watched, nothing shown, no error
            try (ClusterSession s = ClusterSessions.openStarted(real.target(), SessionOptions.DEFAULTS)) {
                assertTrue(s.awaitSynced(60, TimeUnit.SECONDS), s.health().describe());
                assertFalse(s.kueueServed());
                assertTrue(s.watcherLists().keySet().stream().noneMatch(k -> k.endsWith(KueueKind.GROUP)), s.watcherLists()::toString);
                assertEquals(QueuesSnapshot.EMPTY, s.model().queues());
            }
        }
        RealKueue.install(real);
        ns = real.namespace("kueue");
        for (int i = 0; i < 2; i++) {
            real.kubelet().registerGpuNode(RealCluster.unique(ns + "-h100"), 8, Map.of("flightdeck-test", ns));
        }
        if (real.plane().adminGet(RealKueue.GROUP_PATH + "/resourceflavors/h100").statusCode() == 404) {
            RealKueue.write(real, "resourceflavors", RealKueue.object("resourceflavor-h100.json"));
            RealKueue.write(real, "clusterqueues", RealKueue.object("clusterqueue-research.json"));
        }
        RealKueue.write(real, "localqueues", namespaced(RealKueue.object("localqueue-research.json")));
        // Kueue admitted run-small and unsuspended it; run-big it keeps suspended until quota frees up
        Job small = job("run-small", false);
        Job big = job("run-big", true);
        RealKueue.write(real, "workloads", ownedBy(namespaced(RealKueue.object("workload-admitted.json")), small));
        RealKueue.write(real, "workloads", ownedBy(namespaced(RealKueue.object("workload-pending.json")), big));
        real.admin().pods().inNamespace(ns).withLabel("batch.kubernetes.io/job-name", "run-small").waitUntilCondition(
                p -> p != null && "Running".equals(p.getStatus().getPhase()), 60, TimeUnit.SECONDS);
    }

    private static ObjectNode namespaced(ObjectNode o) {
        ((ObjectNode) o.path("metadata")).put("namespace", ns);
        return o;
    }

    /** The owner reference and job-uid label Kueue's job reconciler gives a Job's Workload, to this run's Job. */
    private static ObjectNode ownedBy(ObjectNode w, Job job) {
        ObjectNode meta = (ObjectNode) w.path("metadata");
        ((ObjectNode) meta.path("labels")).put("kueue.x-k8s.io/job-uid", job.getMetadata().getUid());
        ((ObjectNode) meta.path("ownerReferences").get(0)).put("uid", job.getMetadata().getUid());
        return w;
    }

    /** An Indexed Job of 2 × 8 GPUs in Kueue's LocalQueue research, on this run's H100 nodes. */
    private static Job job(String name, boolean suspended) {
        return real.admin().batch().v1().jobs().inNamespace(ns).resource(new JobBuilder().withNewMetadata().withName(name)
                .withLabels(Map.of("kueue.x-k8s.io/queue-name", "research")).endMetadata().withNewSpec()
                .withSuspend(suspended).withCompletionMode("Indexed").withCompletions(2).withParallelism(2)
                .withNewTemplate().withNewSpec().withRestartPolicy("Never").withNodeSelector(Map.of("flightdeck-test", ns))
                .addNewContainer().withName("trainer").withImage("nvcr.io/nvidia/pytorch:24.05-py3").withNewResources()
                .withLimits(Map.of("nvidia.com/gpu", new Quantity("8")))
                .withRequests(Map.of("cpu", new Quantity("16"), "memory", new Quantity("128Gi"))).endResources()
                .endContainer().endSpec().endTemplate().endSpec().build()).create();
    }

    @Test
    void theSessionShowsTheQueuesUsageAndTheWaitingJobAsAQueuedGangWithKueuesReason() throws Exception {
        try (ClusterSession s = ClusterSessions.openStarted(real.target(), SessionOptions.DEFAULTS)) {
            assertTrue(s.awaitSynced(60, TimeUnit.SECONDS), s.health().describe());
            assertTrue(s.kueueServed());
            // one watch per Kueue kind, one LIST each
            for (KueueKind k : KueueKind.values()) {
                assertEquals(1, s.watcherLists().get(k.watchedName()), k + " " + s.watcherLists());
            }
            QueuesSnapshot q = s.model().queues();
            ClusterQueueView research = q.clusterQueues().stream().filter(c -> c.name().equals("research")).findFirst()
                    .orElseThrow(() -> new AssertionError("no ClusterQueue research in " + q));
            assertEquals(new ClusterQueueView.Row("h100", "nvidia.com/gpu", "16", "16", "16", "0", null, "8"),
                    research.rows().getFirst());
            assertEquals("ai", research.cohort());
            QueuedWorkload big = q.queuedIn("research").stream().filter(w -> w.workload().namespace().equals(ns))
                    .findFirst().orElseThrow(() -> new AssertionError("run-big is not queued: " + q.queued()));
            assertEquals("run-big", big.workload().owner().name());
            assertEquals(16, big.workload().gpus());
            assertEquals(WAITING.formatted(ns), big.reason());

            Gang queued = s.model().gang(new GangKey(GangSystem.INDEXED_JOB, ns, "run-big"));
            assertEquals(GangVerdict.QUEUED, queued.verdict());
            assertEquals(List.of(WAITING.formatted(ns)), queued.reasons());
            assertEquals(16, queued.gpusTotal());
            assertEquals(big.since(), queued.created());
            // the admitted job is the gang its pods form, and each job is one gang
            Gang running = s.model().gang(new GangKey(GangSystem.INDEXED_JOB, ns, "run-small"));
            assertTrue(running.verdict() == GangVerdict.RUNNING || running.verdict() == GangVerdict.STARTING,
                    running.toString());
            assertEquals(2, running.present());
            assertEquals(2, s.model().gangs().stream().filter(g -> g.key().namespace().equals(ns)).count());
        }
    }

    @Test
    void checkPrintsTheQueueUsageAndTheQueuedWorkloadAndKubectlAgrees() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = CheckCommand.run(LaunchOptions.parse("check", "--kubeconfig", real.plane().adminKubeconfig().toString()),
                Map.of("HOME", System.getProperty("java.io.tmpdir")), new PrintStream(out, true), new PrintStream(err, true));
        assertEquals(CheckCommand.OK, exit, err.toString());
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        int at = lines.indexOf("ClusterQueue research  cohort ai  pending 1  reserving 1  admitted 1");
        assertTrue(at > 0, lines.toString());
        assertTrue(lines.get(at - 1).startsWith("queues: "), lines.get(at - 1));
        assertEquals("  nvidia.com/gpu  flavor h100  quota 16  reserved 16  in use 16  borrowed 0  lending limit 8",
                lines.get(at + 1));
        String queued = lines.stream().filter(l -> l.startsWith("  queued ") && l.contains("  " + ns + "/run-big  "))
                .findFirst().orElseThrow(() -> new AssertionError("run-big is not listed: " + lines));
        assertTrue(queued.matches("  queued \\d+  " + ns + "/run-big  Job  priority 100  16 GPUs  waiting \\d+[sm]\\S*  "
                + java.util.regex.Pattern.quote(WAITING.formatted(ns))), queued);
        // the gangs section counts it, and lists it nowhere else: waiting for quota is no trouble of the gang's
        String gangs = lines.stream().filter(l -> l.startsWith("gangs: ")).findFirst().orElseThrow();
        assertTrue(gangs.matches("gangs: \\d+; .*queued \\d+;.*"), gangs);
        assertTrue(lines.stream().noneMatch(l -> l.startsWith(ns + "/run-big  ")), lines.toString());
        System.out.println("check's queues section:\n" + String.join("\n", lines.subList(at - 1, lines.indexOf(queued) + 1)));

        String kubectl = Kubectl.onPath();
        assumeTrue(kubectl != null, "kubectl is not on the PATH: its second opinion is skipped");
        List<String> said = kubectl(kubectl, "-n", ns, "get", "workloads.kueue.x-k8s.io", "-o",
                "jsonpath={range .items[?(@.spec.priority==100)]}{.status.conditions[?(@.type==\"QuotaReserved\")].message}{end}");
        assertEquals(List.of("couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor "
                + "h100, 16 more needed"), said);
        List<String> reserved = kubectl(kubectl, "get", "clusterqueues.kueue.x-k8s.io", "research", "-o",
                "jsonpath={.spec.resourceGroups[0].flavors[0].resources[?(@.name==\"nvidia.com/gpu\")].nominalQuota} "
                        + "{.status.flavorsReservation[0].resources[?(@.name==\"nvidia.com/gpu\")].total}");
        assertEquals(List.of("16 16"), reserved);
    }

    private static List<String> kubectl(String kubectl, String... args) throws Exception {
        return Kubectl.lines(kubectl, real.plane().adminKubeconfig(), args);
    }
}
