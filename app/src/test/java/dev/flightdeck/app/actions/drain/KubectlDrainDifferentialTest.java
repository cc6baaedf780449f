package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.controlplane.KubeletStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * kubectl as a second opinion on drain decisions: one node of the real control plane holding a
 * pod of every kind — a DaemonSet's, an orphaned DaemonSet pod (its DaemonSet deleted while a
 * finalizer holds the pod, as when the garbage collector lags), a ReplicaSet's, a Job's with an
 * emptyDir, a bare pod, a bare pod with an emptyDir, a finished pod and a kubelet's mirror pod —
 * each made by its real controller where one exists. For all eight combinations of
 * {@code --ignore-daemonsets}, {@code --force} and {@code --delete-emptydir-data},
 * {@code kubectl drain --dry-run=client} and the console's plan with the same consents must
 * refuse for the same pods and the same reasons, or evict the same pods.
 */
@ExtendWith(RealKube.class)
class KubectlDrainDifferentialTest {

    private static RealCluster real;
    private static String ns;
    private static String node;

    @BeforeAll
    static void aNodeWithEveryKindOfPod(RealCluster cluster) throws Exception {
        real = cluster;
        ns = real.namespace("kubectl-drain");
        node = RealCluster.unique("kubectl-drain");
        Node n = real.kubelet().registerGpuNode(node, 8, Map.of("flightdeck-test", ns));
        PodSpec onNode = new PodSpecBuilder().withNodeSelector(Map.of("flightdeck-test", ns)).addNewToleration()
                .withOperator("Exists").endToleration().addNewContainer().withName("c").withImage("registry.k8s.io/pause:3.10")
                .endContainer().build();
        real.admin().apps().daemonSets().inNamespace(ns).resource(new DaemonSetBuilder().withNewMetadata().withName("agent")
                .endMetadata().withNewSpec().withNewSelector().addToMatchLabels("app", "agent").endSelector().withNewTemplate()
                .withNewMetadata().addToLabels("app", "agent").endMetadata().withSpec(onNode).endTemplate().endSpec().build()).create();
        real.admin().apps().daemonSets().inNamespace(ns).resource(new DaemonSetBuilder().withNewMetadata().withName("gone-agent")
                .endMetadata().withNewSpec().withNewSelector().addToMatchLabels("app", "gone-agent").endSelector().withNewTemplate()
                .withNewMetadata().addToLabels("app", "gone-agent").endMetadata().withSpec(onNode).endTemplate().endSpec().build())
                .create();
        real.admin().apps().replicaSets().inNamespace(ns).resource(new ReplicaSetBuilder().withNewMetadata().withName("web")
                .endMetadata().withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", "web").endSelector()
                .withNewTemplate().withNewMetadata().addToLabels("app", "web").endMetadata().withSpec(onNode).endTemplate()
                .endSpec().build()).create();
        real.admin().batch().v1().jobs().inNamespace(ns).resource(new JobBuilder().withNewMetadata().withName("scratch")
                .endMetadata().withNewSpec().withNewTemplate().withNewSpec().withRestartPolicy("Never")
                .withNodeSelector(Map.of("flightdeck-test", ns)).addNewToleration().withOperator("Exists").endToleration()
                .addNewContainer().withName("c").withImage("registry.k8s.io/pause:3.10").addNewVolumeMount().withName("scratch")
                .withMountPath("/scratch").endVolumeMount().endContainer().addNewVolume().withName("scratch").withNewEmptyDir()
                .endEmptyDir().endVolume().endSpec().endTemplate().endSpec().build()).create();
        real.kubelet().script(p -> p.getMetadata().getName().equals("finished") ? KubeletStandIn.Script.exit(0, "done\n") : null);
        bare("bare", false, Map.of(), null);
        bare("bare-emptydir", true, Map.of(), null);
        bare("finished", false, Map.of(), null);
        // As the kubelet makes a mirror pod: the static pod's hash annotation, owned by the Node.
        bare("static-web-" + node, false, Map.of("kubernetes.io/config.mirror", "4a3f9c", "kubernetes.io/config.source", "file"),
                n);
        awaitPods(List.of("agent", "gone-agent", "web", "scratch"));
        real.admin().pods().inNamespace(ns).withName("finished").waitUntilCondition(
                p -> p != null && "Succeeded".equals(p.getStatus().getPhase()), 30, TimeUnit.SECONDS);
        orphanGoneAgent();
    }

    /** A bare pod on the node, optionally with an emptyDir, annotations, and the Node as its controller (a mirror pod). */
    private static void bare(String name, boolean emptyDir, Map<String, String> annotations, Node owner) {
        PodBuilder b = new PodBuilder().withNewMetadata().withName(name).withAnnotations(annotations).endMetadata()
                .withNewSpec().withNodeName(node).withRestartPolicy("Never").addNewContainer().withName("c")
                .withImage("registry.k8s.io/pause:3.10").endContainer().endSpec();
        if (emptyDir) {
            b.editSpec().addNewVolume().withName("tmp").withNewEmptyDir().endEmptyDir().endVolume().endSpec();
        }
        if (owner != null) {
            b.editMetadata().addNewOwnerReference().withApiVersion("v1").withKind("Node").withName(owner.getMetadata().getName())
                    .withUid(owner.getMetadata().getUid()).withController(true).endOwnerReference().endMetadata();
        }
        real.admin().pods().inNamespace(ns).resource(b.build()).create();
    }

    /** Deletes gone-agent's DaemonSet while a finalizer holds its pod: a DaemonSet pod whose DaemonSet is gone. */
    private static void orphanGoneAgent() throws Exception {
        Pod p = real.admin().pods().inNamespace(ns).withLabel("app", "gone-agent").list().getItems().getFirst();
        real.admin().pods().inNamespace(ns).withName(p.getMetadata().getName()).patch(PatchContext.of(PatchType.JSON_MERGE),
                "{\"metadata\":{\"finalizers\":[\"flightdeck.dev/test-hold\"]}}");
        real.admin().apps().daemonSets().inNamespace(ns).withName("gone-agent").withPropagationPolicy(
                io.fabric8.kubernetes.api.model.DeletionPropagation.BACKGROUND).delete();
        real.admin().apps().daemonSets().inNamespace(ns).withName("gone-agent").waitUntilCondition(java.util.Objects::isNull,
                30, TimeUnit.SECONDS);
    }

    private static void awaitPods(List<String> apps) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            List<Pod> pods = real.admin().pods().inNamespace(ns).withField("spec.nodeName", node).list().getItems();
            if (apps.stream().allMatch(a -> pods.stream().anyMatch(p -> p.getMetadata().getName().startsWith(a + "-")))) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the controllers did not place " + apps + " on " + node);
    }

    /** What one tool decided: refused with each blocking pod's reason, or the pods it evicts. */
    record Decision(boolean refused, Map<String, String> blocked, List<String> evicted) {
    }

    @Test
    void kubectlAndTheConsoleDecideAlikeForEveryFlagCombination() throws Exception {
        assumeTrue(kubectl() != null, "kubectl is not installed: the drain differential against it is skipped");
        List<String> differences = new ArrayList<>();
        for (int combo = 0; combo < 8; combo++) {
            boolean ignoreDs = (combo & 1) != 0;
            boolean force = (combo & 2) != 0;
            boolean emptyDir = (combo & 4) != 0;
            Decision theirs = kubectlDrain(ignoreDs, force, emptyDir);
            Decision ours = consolePlan(ignoreDs, force, emptyDir);
            System.out.println("kubectl drain differential: ignore-daemonsets=" + ignoreDs + " force=" + force
                    + " delete-emptydir-data=" + emptyDir + ": " + (theirs.refused() ? "refused " + theirs.blocked()
                    : "evicts " + theirs.evicted()) + (theirs.equals(ours) ? " (same)" : " (DIFFERS)"));
            if (!theirs.equals(ours)) {
                differences.add("ignore-daemonsets=" + ignoreDs + " force=" + force + " delete-emptydir-data=" + emptyDir
                        + "\n  kubectl " + theirs + "\n  console " + ours);
            }
        }
        assertEquals(List.of(), differences);
        assertEquals(null, real.admin().nodes().withName(node).get().getSpec().getUnschedulable(),
                "--dry-run=client never cordoned the node");
    }

    private Decision consolePlan(boolean ignoreDs, boolean force, boolean emptyDir) throws Exception {
        DrainOptions o = new DrainOptions(ignoreDs, emptyDir, force, false, java.time.Duration.ofMinutes(1));
        DrainPlan plan = new DrainPlanReader(real.adminRest(), a -> null).read(node, List.of(), o, Instant.now());
        if (!plan.blockers().isEmpty()) {
            Map<String, String> blocked = new TreeMap<>();
            for (DrainPlan.Blocker b : plan.blockers()) {
                blocked.put(b.pod().name(), switch (b.consent()) {
                    case "ignore DaemonSet pods" -> "DaemonSet-managed";
                    case "delete emptyDir data" -> "local storage";
                    default -> b.why().startsWith("its DaemonSet") ? "DaemonSet not found" : "no controller";
                });
            }
            return new Decision(true, blocked, List.of());
        }
        return new Decision(false, Map.of(), plan.evict().stream().map(e -> e.pod().name()).sorted().toList());
    }

    private Decision kubectlDrain(boolean ignoreDs, boolean force, boolean emptyDir) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(kubectl(), "drain", node, "--dry-run=client",
                "--kubeconfig", real.plane().adminKubeconfig().toString()));
        if (ignoreDs) {
            cmd.add("--ignore-daemonsets");
        }
        if (force) {
            cmd.add("--force");
        }
        if (emptyDir) {
            cmd.add("--delete-emptydir-data");
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().put("HOME", Files.createTempDirectory("kubectl-home").toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return parse(out);
    }

    /**
     * kubectl's words: {@code evicting pod NS/NAME (dry run)} for each eviction, or
     * {@code error: unable to drain node "N" due to error: [cannot delete REASON: NS/a, NS/b, ...], continuing command...}
     * (without the brackets when there is one reason).
     */
    private static Decision parse(String out) {
        int error = out.indexOf("due to error: ");
        if (error >= 0) {
            String list = out.substring(error + "due to error: ".length(), out.indexOf(", continuing command", error));
            if (list.startsWith("[") && list.endsWith("]")) {
                list = list.substring(1, list.length() - 1);
            }
            Map<String, String> blocked = new TreeMap<>();
            for (String group : list.split("cannot delete ")) {
                if (group.isBlank()) {
                    continue;
                }
                String reason = group.contains("DaemonSet-managed") ? "DaemonSet-managed" : group.contains("local storage")
                        ? "local storage" : group.contains("declare no controller") ? "no controller"
                        : group.contains("daemonsets.apps") && group.contains("not found") ? "DaemonSet not found" : group;
                String pods = group.substring(group.lastIndexOf("): ") >= 0 ? group.lastIndexOf("): ") + 3 : group.lastIndexOf(": ") + 2);
                for (String pod : pods.split(",\\s*")) {
                    if (!pod.isBlank()) {
                        blocked.put(pod.strip().substring(pod.strip().indexOf('/') + 1), reason);
                    }
                }
            }
            return new Decision(true, blocked, List.of());
        }
        List<String> evicted = out.lines().filter(l -> l.startsWith("evicting pod ")).map(l -> l.substring("evicting pod ".length())
                .replace(" (dry run)", "")).map(s -> s.substring(s.indexOf('/') + 1)).sorted().toList();
        return new Decision(false, Map.of(), evicted);
    }

    private static String kubectl() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isBlank() && Files.isExecutable(Path.of(d, "kubectl"))) {
                return Path.of(d, "kubectl").toString();
            }
        }
        return null;
    }
}
