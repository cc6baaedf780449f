package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealGangs;
import dev.flightdeck.app.controlplane.RealKube;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the headless commands refuse on the real server, and what {@code check} reports there: a
 * user RBAC lets read everything but change nothing is refused with the missing rule; a context
 * the kubeconfig marks read-only is refused before anything is asked; and a running gang with a
 * rank on a node whose GPUs just raised an Xid is listed by {@code check} as running · at risk.
 */
@ExtendWith(RealKube.class)
class RealRefusalsAndCheckTest {

    private static RealCluster real;
    private static String node;

    @BeforeAll
    static void cluster(RealCluster cluster) {
        real = cluster;
        node = RealCluster.unique("refuse");
        real.kubelet().registerGpuNode(node, 8, Map.of());
        // An SRE's usual read-only role: read everything, change nothing.
        real.admin().rbac().clusterRoles().resource(new ClusterRoleBuilder().withNewMetadata().withName("flightdeck-test-reader")
                .endMetadata().addNewRule().withApiGroups("*").withResources("*").withVerbs("get", "list", "watch").endRule()
                .build()).createOr(r -> r.update());
        real.admin().rbac().clusterRoleBindings().resource(new ClusterRoleBindingBuilder().withNewMetadata()
                .withName("flightdeck-test-reader").endMetadata().withNewRoleRef().withApiGroup("rbac.authorization.k8s.io")
                .withKind("ClusterRole").withName("flightdeck-test-reader").endRoleRef().addNewSubject()
                .withApiGroup("rbac.authorization.k8s.io").withKind("User").withName("reader").endSubject().build())
                .createOr(r -> r.update());
    }

    private static ActCommandTest.Run cli(Path kubeconfig, String... args) throws Exception {
        return ActCommandTest.against(kubeconfig, args);
    }

    @Test
    void aUserWhoMayOnlyReadIsRefusedWithTheMissingRuleAndNothingChanges() throws Exception {
        ActCommandTest.Run r = cli(real.plane().kubeconfigFor("reader"), "drain", node, "--confirm", node, "--reason", "x");
        assertEquals(4, r.exit(), r.out() + "\n" + r.err());
        assertTrue(r.err().contains("flightdeck: refused: not allowed to patch nodes"), r.err());
        assertNull(real.admin().nodes().withName(node).get().getSpec().getUnschedulable());
        ActCommandTest.Run c = cli(real.plane().kubeconfigFor("reader"), "cordon", node, "--confirm", node, "--reason", "x");
        assertEquals(4, c.exit(), c.err());
    }

    @Test
    void aContextTheKubeconfigMarksReadOnlyIsRefusedBeforeAnythingIsAsked() throws Exception {
        String admin = Files.readString(real.plane().adminKubeconfig());
        Path readOnly = Files.createTempFile("read-only", ".kubeconfig");
        // The context is marked the way a team marks production contexts for the console.
        Files.writeString(readOnly, admin.replace("    user: real\ncurrent-context",
                "    user: real\n    extensions:\n    - name: flightdeck.dev/read-only\n      extension: true\ncurrent-context"));
        assertTrue(Files.readString(readOnly).contains("flightdeck.dev/read-only"), Files.readString(readOnly));
        ActCommandTest.Run r = cli(readOnly, "cordon", node, "--confirm", node, "--reason", "x");
        assertEquals(4, r.exit(), r.out() + "\n" + r.err());
        assertTrue(r.err().contains("refused: read-only: the kubeconfig marks context real with flightdeck.dev/read-only"), r.err());
        assertNull(real.admin().nodes().withName(node).get().getSpec().getUnschedulable());
    }

    @Test
    void checkListsARunningGangWithARankOnANodeThatRaisedAnXid() throws Exception {
        String ns = real.namespace("check");
        RealGangs.indexedJob(real, ns, "pretrain", 2, false);
        real.admin().pods().inNamespace(ns).withLabel("batch.kubernetes.io/job-completion-index", "1").waitUntilCondition(
                p -> p != null && "Running".equals(p.getStatus().getPhase()), 30, TimeUnit.SECONDS);
        String onNode = real.admin().pods().inNamespace(ns).withLabel("batch.kubernetes.io/job-completion-index", "1").list()
                .getItems().getFirst().getSpec().getNodeName();
        // NVSentinel's condition for an Xid, written through nodes/status as a health agent does.
        real.plane().adminSend("PATCH", "/api/v1/nodes/" + onNode + "/status", "application/strategic-merge-patch+json",
                "{\"status\":{\"conditions\":[{\"type\":\"SysLogsXIDError\",\"status\":\"True\",\"reason\":\"XID79\","
                        + "\"message\":\"Xid 79 on GPU 5 (PCI 0000:9B:00.0): GPU has fallen off the bus\","
                        + "\"lastTransitionTime\":\"" + java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                        + "\"}]}}");
        ActCommandTest.Run r = runCheck();
        assertEquals(0, r.exit(), r.err());
        // Node names are padded to the longest one in the cluster, which other tests' nodes decide.
        assertTrue(r.out().stream().anyMatch(l -> l.matches(java.util.regex.Pattern.quote(onNode)
                + " +untrusted +SysLogsXIDError \\(XID79\\): Xid 79 .*")), r.out().toString());
        String gang = r.out().stream().filter(l -> l.startsWith(ns + "/pretrain  ")).findFirst().orElseThrow(
                () -> new AssertionError("the running gang at risk is not listed: " + r.out()));
        assertTrue(gang.startsWith(ns + "/pretrain  Indexed Job  running · at risk  ranks 2/2  checkpoint unknown  rank 1 on "
                + onNode + " which is untrusted: SysLogsXIDError"), gang);
    }

    private static ActCommandTest.Run runCheck() throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int exit = CheckCommand.run(LaunchOptions.parse("check", "--kubeconfig", real.plane().adminKubeconfig().toString()),
                Map.of("HOME", System.getProperty("java.io.tmpdir")), new java.io.PrintStream(out, true),
                new java.io.PrintStream(err, true));
        return new ActCommandTest.Run(exit, out.toString().lines().toList(), err.toString());
    }
}
