package dev.flightdeck.drills.staging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.actions.preflight.PreflightJobManifest;
import dev.flightdeck.app.actions.preflight.PreflightSettings;
import dev.flightdeck.drills.cli.DrillCommand;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.AppDirectories;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.app.watch.KubeJson;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code flightdeck drill cleanup} on the real kube-apiserver, kube-controller-manager and scheduler:
 * it deletes exactly the objects of the run it names, as it listed them — by name with their UID as the
 * precondition — and journals it as an action (plan with names and UIDs, confirmation, steps, outcome).
 * Another run's objects, lookalikes that copied a name or a label, and an object re-created between
 * the plan and the confirmation all survive. A read-only context, a context whose settings do not
 * allow drills, and a cluster without the opt-in are refused in one line, with nothing deleted.
 */
@ExtendWith(RealKube.class)
class DrillCleanupRealTest {

    private static final Duration WITHIN = Duration.ofSeconds(60);

    private static RealCluster real;
    private static KubeRest rest;
    private final List<String> nodesMade = new ArrayList<>();
    private final List<String> namespacesMade = new ArrayList<>();

    @BeforeAll
    static void cluster(RealCluster cluster) {
        real = cluster;
        rest = real.adminRest();
        RealDrillOptIn.allow(real);
    }

    /** What the test made goes, and is waited for: other drill tests count every drill object on the cluster. */
    @AfterEach
    void removeWhatTheTestMade() {
        RealDrillOptIn.allow(real);
        nodesMade.forEach(n -> real.admin().nodes().withName(n).withGracePeriod(0).delete());
        namespacesMade.forEach(ns -> real.admin().namespaces().withName(ns).delete());
        await("the test's nodes and namespaces are gone", () -> nodesMade.stream().allMatch(n -> real.admin().nodes()
                .withName(n).get() == null) && namespacesMade.stream().allMatch(ns -> real.admin().namespaces()
                .withName(ns).get() == null));
    }

    // ---- what a killed drill leaves, made as the drill makes it (StagingObjects) ----

    /** A run's namespace and nodes with their Leases, last renewed long ago (its drill was killed); node name → uid. */
    private Map<String, String> leftBy(StagingNames run, int nodes) throws IOException {
        made(rest.post("/api/v1/namespaces", StagingObjects.namespace(run)));
        namespacesMade.add(run.namespace());
        Map<String, String> uids = new LinkedHashMap<>();
        for (int i = 0; i < nodes; i++) {
            String node = run.node(i);
            uids.put(node, node(StagingObjects.node(run, node, 8)));
            ObjectNode lease = StagingObjects.lease(run, node, uids.get(node));
            Instant killed = Instant.now().minus(Duration.ofMinutes(10));
            ((ObjectNode) lease.path("spec")).put("renewTime", StagingObjects.microTime(killed));
            made(rest.post(DrillInventory.LEASES, lease));
        }
        return uids;
    }

    private String node(JsonNode manifest) throws IOException {
        JsonNode made = made(rest.post("/api/v1/nodes", manifest));
        nodesMade.add(made.path("metadata").path("name").asText());
        return made.path("metadata").path("uid").asText();
    }

    private void lookalikeNode(String name, String label) {
        NodeBuilder b = new NodeBuilder().withNewMetadata().withName(name).endMetadata();
        if (label != null) {
            b.editMetadata().addToLabels(StagingNames.LABEL, label).endMetadata();
        }
        real.admin().nodes().resource(b.build()).create();
        nodesMade.add(name);
    }

    private static JsonNode made(KubeRest.Answer a) throws IOException {
        assertTrue(a.ok(), a.code() + " " + a.message());
        return a.json();
    }

    private static String uidOf(String path) throws IOException {
        KubeRest.Answer a = rest.get(path);
        return a.code() == 404 ? null : made(a).path("metadata").path("uid").asText();
    }

    private static void await(String what, BooleanSupplier done) {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": not within " + WITHIN.toSeconds() + " s\n" + real.plane().logTails());
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    // ---- the command, in-process, with its own Flightdeck home ----

    private record Ran(int code, String out, String err) {
        String log() {
            return out + "\n--- stderr ---\n" + err;
        }
    }

    private static AppDirectories home(Path dir, boolean drills) throws IOException {
        AppDirectories dirs = new AppDirectories(dir.resolve("config"), dir.resolve("data"));
        new SettingsFile(dirs.settingsFile()).save("real", ClusterSettings.DEFAULTS.withDrills(drills));
        return dirs;
    }

    private static Ran cli(AppDirectories dirs, Path kubeconfig, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("drill"));
        args.addAll(List.of(more));
        args.addAll(List.of("--kubeconfig", kubeconfig.toString(), "--context", "real"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DrillCommand.run(LaunchOptions.parse(args.toArray(String[]::new)), dirs, new HashMap<>(System.getenv()),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Every journal entry the run wrote, read from the journal's files under the Flightdeck home. */
    private static List<JsonNode> journal(AppDirectories dirs) throws IOException {
        Path dir = dirs.data().resolve("journal");
        List<JsonNode> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> files = Files.list(dir).sorted()) {
            for (Path f : files.toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        out.add(KubeJson.MAPPER.readTree(line));
                    }
                }
            }
        }
        return out;
    }

    @Test
    void deletesExactlyTheNamedRunsObjectsByNameAndUidAndJournalsIt(@TempDir Path dir) throws Exception {
        StagingNames a = new StagingNames(RealCluster.unique("clean-a"));
        StagingNames b = new StagingNames(RealCluster.unique("clean-b"));
        Map<String, String> aNodes = leftBy(a, 2);
        Map<String, String> bNodes = leftBy(b, 1);
        // Lookalikes of run a's: its name prefix without the label, with another run's label, and its label on a
        // name the run never gives (a node not numbered, a namespace that only starts like its own).
        lookalikeNode(a.nodePrefix() + "900", null);
        lookalikeNode(a.nodePrefix() + "901", b.id());
        lookalikeNode(a.nodePrefix() + "spare", a.id());
        real.admin().namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(a.namespace() + "-copy")
                .addToLabels(StagingNames.LABEL, a.id()).endMetadata().build()).create();
        namespacesMade.add(a.namespace() + "-copy");
        // Flightdeck's validation Job pinned to one of run a's nodes, and one pinned to run b's.
        String validationNs = real.namespace("validation");
        namespacesMade.add(validationNs);
        String aJob = validationJob(validationNs, a.node(0));
        String bJob = validationJob(validationNs, b.node(0));
        // A rank of the run's gang bound to its node: deleting the namespace leaves it terminating, as no kubelet runs
        // (a short grace period only makes the namespace controller look again sooner: it stays terminating all the same).
        await("the default ServiceAccount of " + a.namespace(), () -> real.admin().serviceAccounts()
                .inNamespace(a.namespace()).withName("default").get() != null);
        ObjectNode pod = KubeJson.MAPPER.createObjectNode();
        pod.putObject("metadata").put("name", "trainer-0");
        ObjectNode spec = pod.putObject("spec").put("nodeName", a.node(0)).put("terminationGracePeriodSeconds", 2);
        spec.set("tolerations", StagingObjects.gang(a, new dev.flightdeck.drills.Scenario.GangStart(a.namespace(), "g",
                1, 8, Duration.ofMinutes(10), Duration.ofMinutes(1)), "s3://x/", Instant.now(), 1)
                .path("spec").path("template").path("spec").path("tolerations"));
        spec.putArray("containers").addObject().put("name", "trainer").put("image", "busybox");
        made(rest.post("/api/v1/namespaces/" + a.namespace() + "/pods", pod));

        Path kc = real.plane().adminKubeconfig();
        AppDirectories dirs = home(dir, true);

        Ran runs = cli(dirs, kc, "cleanup");
        assertEquals(2, runs.code(), runs.log());
        assertTrue(runs.err().contains("drill cleanup needs the run: --run ID"), runs.log());
        List<String> aLines = runs.out().lines().filter(l -> l.startsWith("  " + a.id() + "  ")).toList();
        assertEquals(1, aLines.size(), runs.log());
        assertTrue(aLines.getFirst().contains("1 namespace, 2 virtual nodes"), aLines.getFirst());
        assertTrue(aLines.getFirst().endsWith("left over"), aLines.getFirst());
        assertEquals(1, runs.out().lines().filter(l -> l.startsWith("  " + b.id() + "  ")).count(), runs.log());

        Ran plan = cli(dirs, kc, "cleanup", "--run", a.id());
        assertEquals(2, plan.code(), plan.log());
        assertTrue(plan.out().contains("would delete 6 objects — 1 namespace, 2 virtual nodes, 2 Leases, 1 validation Jobs"),
                plan.log());
        assertTrue(plan.out().contains("  namespace " + a.namespace() + "  uid " + uidOf("/api/v1/namespaces/"
                + a.namespace())), plan.log());
        aNodes.forEach((n, uid) -> assertTrue(plan.out().contains("  node " + n + "  uid " + uid), plan.log()));
        assertTrue(plan.out().contains("  validation Job " + validationNs + "/" + aJob + "  uid "), plan.log());
        assertTrue(plan.out().contains("nothing is saved but this list of names and UIDs"), plan.log());
        assertFalse(plan.out().contains(bJob) || plan.out().contains("-copy") || plan.out().contains("gpu-90")
                || plan.out().contains("spare") || plan.out().contains(b.namespace()), plan.log());
        assertTrue(plan.err().contains("not removed: run it again with --confirm " + a.id()), plan.log());
        assertNotNull(uidOf("/api/v1/nodes/" + a.node(0)), "a plan deletes nothing");
        assertEquals(List.of(), journal(dirs), "an unconfirmed plan is not journaled, as an action's is not");

        Ran removed = cli(dirs, kc, "cleanup", "--run", a.id(), "--confirm", a.id());
        assertEquals(0, removed.code(), removed.log());
        assertTrue(removed.out().contains("drill cleanup " + a.id() + ": removed 6 of 6 objects"), removed.log());
        assertTrue(removed.err().contains("let go 1 pods being deleted on the drill's virtual nodes"), removed.log());
        for (String gone : List.of("/api/v1/namespaces/" + a.namespace(), "/api/v1/nodes/" + a.node(0),
                "/api/v1/nodes/" + a.node(1), DrillInventory.LEASES + "/" + a.node(0), DrillInventory.LEASES + "/"
                + a.node(1), "/apis/batch/v1/namespaces/" + validationNs + "/jobs/" + aJob)) {
            assertNull(uidOf(gone), gone + " removed");
        }
        // Run b, and every lookalike, are still there, as they were.
        assertEquals(bNodes.get(b.node(0)), uidOf("/api/v1/nodes/" + b.node(0)));
        assertNotNull(uidOf("/api/v1/namespaces/" + b.namespace()));
        assertNotNull(uidOf(DrillInventory.LEASES + "/" + b.node(0)));
        assertNotNull(uidOf("/apis/batch/v1/namespaces/" + validationNs + "/jobs/" + bJob));
        for (String kept : List.of(a.nodePrefix() + "900", a.nodePrefix() + "901", a.nodePrefix() + "spare")) {
            assertNotNull(uidOf("/api/v1/nodes/" + kept), kept + " left alone");
        }
        assertNotNull(uidOf("/api/v1/namespaces/" + a.namespace() + "-copy"));

        // The journal: the plan with every name and UID, the confirmation, each deletion as a step, one outcome.
        List<JsonNode> entries = journal(dirs).stream().filter(e -> e.path("action").asText().equals("drill-cleanup")
                && e.path("target").asText().equals("drill/" + a.id())).toList();
        List<String> phases = entries.stream().map(e -> e.path("phase").asText()).distinct().toList();
        assertEquals(List.of("plan", "confirm", "step", "outcome"), phases, entries.toString());
        String planned = entries.getFirst().path("details").path("plan").toString();
        aNodes.forEach((n, uid) -> assertTrue(planned.contains("node " + n + "  uid " + uid), planned));
        assertTrue(planned.contains("drill objects are disposable"), planned);
        String confirmed = entries.get(1).path("details").path("objects").toString();
        aNodes.values().forEach(uid -> assertTrue(confirmed.contains(uid), confirmed));
        assertTrue(entries.stream().anyMatch(e -> e.path("phase").asText().equals("step")
                && e.path("message").asText().equals("deleted node " + a.node(1) + " (uid " + aNodes.get(a.node(1)) + ")")),
                entries.toString());
        JsonNode outcome = entries.getLast();
        assertEquals("outcome", outcome.path("phase").asText());
        assertEquals("REMOVED", outcome.path("details").path("result").asText(), outcome.toString());
        assertEquals(1, entries.stream().filter(e -> e.path("phase").asText().equals("outcome")).count());
    }

    private String validationJob(String ns, String node) throws IOException {
        String name = "preflight-" + node;
        ObjectNode job = PreflightJobManifest.build(node, name, 8, PreflightSettings.DEFAULTS);
        ((ObjectNode) job.path("metadata")).put("namespace", ns);
        made(rest.post("/apis/batch/v1/namespaces/" + ns + "/jobs", job));
        return name;
    }

    @Test
    void aNodeReCreatedBetweenThePlanAndTheConfirmationIsLeftAlone(@TempDir Path dir) throws Exception {
        StagingNames c = new StagingNames(RealCluster.unique("clean-c"));
        Map<String, String> uids = leftBy(c, 2);
        try (ClusterConnection connection = ClusterConnection.open(real.target(), SessionOptions.DEFAULTS)) {
            ActionSession s = new ActionSession(connection, new Journal(dir.resolve("journal")), null, Clock.systemUTC());
            ActionRun<DrillCleanupOperation.Plan, String, StagingCleanup.Result> run = DrillCleanupOperation.run(s, "real",
                    ClusterSettings.DEFAULTS.withDrills(true), c.id());
            DrillCleanupOperation.Plan plan = run.read();
            assertEquals(5, plan.objects().size(), plan.toString());

            // Between the plan and the confirmation, node 001 goes and another is made under its name and label.
            String again = c.node(1);
            real.admin().nodes().withName(again).delete();
            await(again + " deleted", () -> real.admin().nodes().withName(again).get() == null);
            String newUid = node(StagingObjects.node(c, again, 8));
            assertNotEquals(uids.get(again), newUid);

            List<String> steps = new ArrayList<>();
            run.planned(plan);
            StagingCleanup.Result r = run.execute(plan, "", steps::add);
            assertEquals(List.of("node " + again), r.leftAlone(), steps.toString());
            assertEquals(List.of(), r.left(), steps.toString());
            assertTrue(steps.contains("node " + again + " changed since it was shown (uid " + uids.get(again) + ", now "
                    + newUid + "): left alone"), steps.toString());
            assertEquals(newUid, uidOf("/api/v1/nodes/" + again), "the node made since is still there");
            assertNull(uidOf("/api/v1/nodes/" + c.node(0)));
            assertNull(uidOf("/api/v1/namespaces/" + c.namespace()));
            assertTrue(run.operation().ending(plan, r).summary().contains("changed since it was shown, left alone: node "
                    + again), run.operation().ending(plan, r).summary());
        }
    }

    @Test
    void readOnlyContextsContextsWithoutDrillsAndClustersWithoutTheOptInAreRefusedWithNothingDeleted(@TempDir Path dir)
            throws Exception {
        StagingNames d = new StagingNames(RealCluster.unique("clean-d"));
        Map<String, String> uids = leftBy(d, 1);
        Path kc = real.plane().adminKubeconfig();

        String admin = Files.readString(kc);
        Path readOnly = dir.resolve("read-only.kubeconfig");
        Files.writeString(readOnly, admin.replace("    user: real\ncurrent-context",
                "    user: real\n    extensions:\n    - name: flightdeck.dev/read-only\n      extension: true\ncurrent-context"));
        AppDirectories on = home(dir.resolve("on"), true);
        Ran ro = cli(on, readOnly, "cleanup", "--run", d.id(), "--confirm", d.id());
        assertEquals(4, ro.code(), ro.log());
        assertEquals("flightdeck: drill cleanup refused: read-only: the kubeconfig marks context real with "
                + "flightdeck.dev/read-only\n", ro.err(), ro.log());

        AppDirectories off = home(dir.resolve("off"), false);
        Ran noDrills = cli(off, kc, "cleanup", "--run", d.id(), "--confirm", d.id());
        assertEquals(4, noDrills.code(), noDrills.log());
        assertEquals(1, noDrills.err().lines().count(), noDrills.log());
        assertTrue(noDrills.err().contains("refused: context real does not allow drills"), noDrills.log());

        RealDrillOptIn.withdraw(real);
        Ran noOptIn = cli(on, kc, "cleanup", "--run", d.id(), "--confirm", d.id());
        assertEquals(4, noOptIn.code(), noOptIn.log());
        assertEquals(1, noOptIn.err().lines().count(), noOptIn.log());
        assertTrue(noOptIn.err().contains("the cluster of context real has not opted in to drills"), noOptIn.log());
        assertTrue(noOptIn.err().contains("its admins allow drills with: kubectl create configmap flightdeck-drills "
                + "-n kube-public --from-literal=allowed=true"), noOptIn.log());
        Ran listing = cli(on, kc, "cleanup");
        assertEquals(4, listing.code(), listing.log());
        // drill run on the staging context is refused the same way, before it creates anything.
        Ran drill = cli(on, kc, "run", "rank-crash");
        assertEquals(4, drill.code(), drill.log());
        assertTrue(drill.err().contains("refused: the cluster of context real has not opted in to drills"), drill.log());
        assertTrue(real.admin().namespaces().withLabel(StagingNames.LABEL).list().getItems().stream()
                .noneMatch(n -> n.getMetadata().getName().startsWith("flightdeck-drill-rank-crash")), "nothing created");

        assertEquals(uids.get(d.node(0)), uidOf("/api/v1/nodes/" + d.node(0)), "nothing deleted");
        assertNotNull(uidOf("/api/v1/namespaces/" + d.namespace()));
        assertNotNull(uidOf(DrillInventory.LEASES + "/" + d.node(0)));
        assertEquals(List.of(), journal(on), "a refusal is not an action: nothing journaled");
        assertEquals(List.of(), journal(off));

        RealDrillOptIn.allow(real);
        Ran allowed = cli(on, kc, "cleanup", "--run", d.id(), "--confirm", d.id());
        assertEquals(0, allowed.code(), allowed.log());
        assertNull(uidOf("/api/v1/nodes/" + d.node(0)));
    }

    @Test
    void aRunWhoseLeasesWereJustRenewedLooksAliveAndIsRefused(@TempDir Path dir) throws Exception {
        StagingNames e = new StagingNames(RealCluster.unique("clean-e"));
        leftBy(e, 1);
        // Its virtual kubelet renews the Lease: the drill is running somewhere.
        made(rest.mergePatch(DrillInventory.LEASES + "/" + e.node(0), KubeJson.MAPPER.createObjectNode().set("spec",
                KubeJson.MAPPER.createObjectNode().put("renewTime", StagingObjects.microTime(Instant.now())))));
        AppDirectories dirs = home(dir, true);
        Ran runs = cli(dirs, real.plane().adminKubeconfig(), "cleanup");
        assertTrue(runs.out().lines().anyMatch(l -> l.startsWith("  " + e.id() + "  ") && l.endsWith("looks alive")),
                runs.log());
        Ran refused = cli(dirs, real.plane().adminKubeconfig(), "cleanup", "--run", e.id(), "--confirm", e.id());
        assertEquals(4, refused.code(), refused.log());
        assertTrue(refused.err().contains("drill " + e.id() + " looks alive: its virtual nodes' Leases were renewed"),
                refused.log());
        assertNotNull(uidOf("/api/v1/nodes/" + e.node(0)));
    }
}
