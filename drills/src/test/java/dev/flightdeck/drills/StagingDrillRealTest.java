package dev.flightdeck.drills;

import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.drills.report.DrillResults;
import dev.flightdeck.drills.staging.RealDrillOptIn;
import dev.flightdeck.app.settings.AppDirectories;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Drills on a staging cluster, on the real kube-apiserver, kube-controller-manager and kube-scheduler:
 * a context whose settings allow drills gets virtual GPU nodes (labelled and tainted
 * {@code flightdeck.dev/drill}), kept Ready by the drill's own kubelet through their Leases, and the
 * scenario's gang placed on them by the real scheduler; the runbook resumes the crashed gang through
 * the real garbage collector and Job controller; at the end nothing the drill made is left. Every
 * other context, a fault a shared cluster must not suffer, and a user RBAC would not let create nodes
 * are refused in words, with nothing created. {@code drill cleanup} is DrillCleanupRealTest's.
 */
@ExtendWith(RealKube.class)
class StagingDrillRealTest {

    private static RealCluster real;
    private static HeadlessLauncher launcher;

    @BeforeAll
    static void cluster(RealCluster cluster) throws IOException {
        real = cluster;
        launcher = HeadlessLauncher.shared();
        RealDrillOptIn.allow(real); // the cluster's admins allow drills there (DrillCleanupRealTest: refused without)
    }

    private static AppDirectories home(Path dir, String context, boolean drills) throws IOException {
        AppDirectories dirs = new AppDirectories(dir.resolve("config"), dir.resolve("data"));
        new SettingsFile(dirs.settingsFile()).save(context, ClusterSettings.DEFAULTS.withDrills(drills));
        return dirs;
    }

    private static List<String> drillObjects() {
        List<String> out = new java.util.ArrayList<>();
        real.admin().nodes().withLabel("flightdeck.dev/drill").list().getItems()
                .forEach(n -> out.add("node " + n.getMetadata().getName()));
        real.admin().namespaces().withLabel("flightdeck.dev/drill").list().getItems()
                .forEach(n -> out.add("namespace " + n.getMetadata().getName()));
        return out;
    }

    @Test
    void aRankCrashOnVirtualNodesIsRecoveredByTheRunbookAndNothingIsLeftBehind(@TempDir Path dir) throws Exception {
        // Somebody else's halted gang on the same cluster (a PyTorchJob whose pods are gone): the runbook
        // resumes "the halted gang", and it must be the drill's.
        dev.flightdeck.app.controlplane.PyTorchOperatorStandIn.installCrd(real);
        String decoyNs = real.namespace("not-the-drills");
        var decoy = real.plane().adminSend("POST", "/apis/kubeflow.org/v1/namespaces/" + decoyNs + "/pytorchjobs",
                "application/json", """
                        {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"llm-pretrain"},
                         "spec":{"pytorchReplicaSpecs":{"Master":{"replicas":1,"template":{"spec":{"containers":
                         [{"name":"pytorch","image":"busybox"}]}}}}}}""");
        assertEquals(201, decoy.statusCode(), decoy.body());
        int nodesBefore = real.admin().nodes().list().getItems().size();
        AppDirectories dirs = home(dir, "real", true);
        HeadlessLauncher.Ran ran = launcher.drillRun(dirs, "drill", "run", "rank-crash", "--pace", "10", "--kubeconfig",
                real.plane().adminKubeconfig().toString(), "--context", "real", "--responder",
                HeadlessLauncher.responder("rank-crash.sh"));
        assertEquals(0, ran.code(), ran.log());
        assertTrue(ran.err().contains("virtual GPU nodes on context real"), ran.log());
        assertTrue(ran.out().contains("**RECOVERED**"), ran.log());
        assertTrue(ran.out().contains("everything the drill created is removed (checked)"), ran.log());
        DrillReport r = DrillResults.readReport(Path.of(new DrillResults(dirs.data().resolve("drills")).read("rank-crash")
                .results().getFirst().report() + ".json"));
        assertEquals(List.of(), r.leftovers());
        assertFalse(ran.log().contains(decoyNs + "/llm-pretrain"), "the runbook left the other gang alone: " + ran.log());
        assertEquals(List.of(), r.faults().getFirst().goalsMissed(), ran.log());
        assertEquals(List.of(), drillObjects(), "the drill's nodes and namespace are gone");
        assertEquals(nodesBefore, real.admin().nodes().list().getItems().size(), "the cluster's own nodes untouched");
        assertTrue(r.timeline().stream().anyMatch(e -> e.text().startsWith("gang flightdeck-drill-rank-crash-")
                && e.text().matches(".*llm-pretrain running → (halted|failed).*")), "the real Job's gang halted: "
                + r.timeline());
        assertTrue(r.cluster().contains("16 virtual GPU nodes on context real"), r.cluster());
        assertTrue(real.admin().leases().inNamespace("kube-node-lease").list().getItems().stream()
                .noneMatch(l -> l.getMetadata().getName().startsWith("drill-")), "and the nodes' Leases");
    }

    @Test
    void aContextWithoutTheSettingAStormAndAUserWhoMayNotCreateNodesAreRefusedWithNothingCreated(@TempDir Path dir)
            throws Exception {
        String kc = real.plane().adminKubeconfig().toString();
        HeadlessLauncher.Ran off = launcher.drillRun(home(dir.resolve("off"), "real", false), "drill", "run", "rank-crash",
                "--kubeconfig", kc, "--context", "real");
        assertEquals(4, off.code(), off.log());
        assertTrue(off.err().contains("context real does not allow drills: a drill creates virtual GPU nodes and pods there"),
                off.log());

        HeadlessLauncher.Ran storm = launcher.drillRun(home(dir.resolve("storm"), "real", true), "drill", "run", "apf-storm",
                "--kubeconfig", kc, "--context", "real");
        assertEquals(4, storm.code(), storm.log());
        assertTrue(storm.err().contains("fault storm (apf-storm) cannot be struck on a real cluster"), storm.log());

        Path viewer = real.plane().kubeconfigFor("drill-viewer");
        HeadlessLauncher.Ran rbac = launcher.drillRun(home(dir.resolve("rbac"), "real", true), "drill", "run",
                "rank-crash", "--kubeconfig", viewer.toString(), "--context", "real");
        assertEquals(4, rbac.code(), rbac.log());
        assertTrue(rbac.err().contains("needs to create nodes and pods, and not allowed to create nodes"), rbac.log());
        assertEquals(List.of(), drillObjects(), "nothing was created by a refused drill");
    }
}
