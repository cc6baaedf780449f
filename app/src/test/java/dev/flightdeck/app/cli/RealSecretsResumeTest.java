package dev.flightdeck.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.resume.ResumeEvent;
import dev.flightdeck.app.actions.resume.ResumeOperation;
import dev.flightdeck.app.actions.resume.ResumeOutcome;
import dev.flightdeck.app.actions.resume.ResumePlan;
import dev.flightdeck.app.actions.resume.ResumeRefusal;
import dev.flightdeck.app.controlplane.KubeletStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.secrets.SecretJobs;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.DrainLimits;
import dev.flightdeck.app.watch.KubeJson;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Secrets never leave the console, end to end on the real kube-apiserver with its Job controller: an Indexed
 * Job whose pod template carries secrets in every everyday shape ({@link SecretJobs}) loses a rank, and is
 * planned and resumed twice — headless in a separate process (stdout, stderr, every file it wrote), then
 * through the console's own action run (its plan lines, step events, journal). No secret appears anywhere,
 * and the recreated Job still has every value.
 */
@ExtendWith(RealKube.class)
class RealSecretsResumeTest {

    private static final String CHECKPOINT = "s3://checkpoints/llm/step-800/";

    @Test
    void planAndResumeShowNoSecretAndTheNewJobKeepsEveryValue(RealCluster real, @TempDir Path home) throws Exception {
        String ns = real.namespace("secrets");
        for (int i = 0; i < 2; i++) {
            real.kubelet().registerGpuNode(RealCluster.unique(ns + "-node"), 8, Map.of("flightdeck-test", ns));
        }
        ObjectNode manifest = SecretJobs.job(ns, "llm", 2);
        ObjectNode annotations = manifest.with("metadata").with("annotations");
        annotations.put("flightdeck.dev/checkpoint-uri", CHECKPOINT).put("flightdeck.dev/checkpoint-step", "800")
                .put("flightdeck.dev/checkpoint-time", Instant.now().minusSeconds(600).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
        manifest.with("spec").put("backoffLimitPerIndex", 0);
        ObjectNode pod = manifest.with("spec").with("template").with("spec");
        pod.with("nodeSelector").put("flightdeck-test", ns);
        ((ObjectNode) pod.withArray("containers").get(0)).with("resources").with("limits").put("nvidia.com/gpu", "8");
        Job original = real.admin().batch().v1().jobs().inNamespace(ns)
                .resource(Serialization.unmarshal(manifest.toString(), Job.class)).create();
        failRankOne(real, ns, original.getMetadata().getUid());

        // Headless, as a runbook runs it: a process of its own, whose every output and file is searched.
        String kubeconfig = real.plane().adminKubeconfig().toString();
        Launched plan = Launched.run(home, "plan", "resume", ns + "/llm", "--kubeconfig", kubeconfig);
        assertEquals(0, plan.exit(), plan.all());
        assertTrue(plan.out().contains("not shown   the " + "kubectl.kubernetes.io/last-applied-configuration annotation"), plan.out());
        assertTrue(plan.out().contains("value: " + CHECKPOINT), "the diff shows the new variable: " + plan.out());
        Launched resumed = Launched.run(home, "resume", ns + "/llm", "--confirm", "llm", "--kubeconfig", kubeconfig);
        assertEquals(0, resumed.exit(), resumed.all());
        assertNoSecretIn("the headless plan", plan.all());
        assertNoSecretIn("the headless resume", resumed.all());
        assertNoSecretInFiles(home);
        assertTrue(journalText(home).contains("\"phase\":\"plan\""), "the plan was journaled");

        Job again = real.admin().batch().v1().jobs().inNamespace(ns).withName("llm").get();
        assertNotEquals(original.getMetadata().getUid(), again.getMetadata().getUid());
        assertEveryValueKept(original, again);

        // The console's own path: an action run over a synced session, as the resume dialog drives it. The new
        // Job's rank 1 is lost (its pod deleted: with backoffLimitPerIndex 0 the Job controller gives the index up).
        awaitPhases(real, ns, again.getMetadata().getUid(), List.of("Running", "Running"));
        real.admin().pods().inNamespace(ns).withLabel("batch.kubernetes.io/controller-uid", again.getMetadata().getUid())
                .withLabel("batch.kubernetes.io/job-completion-index", "1").delete();
        Path consoleJournal = home.resolve("console-journal");
        List<String> shown = new ArrayList<>();
        ResumeOutcome outcome;
        try (ClusterSession session = ClusterSessions.openStarted(real.target(), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            ActionSession s = new ActionSession(session, new Journal(consoleJournal), null, DrainLimits.DEFAULTS,
                    Clock.systemUTC());
            ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> run = ResumeOperation.run(s, ns + "/llm", OptionalLong.empty());
            ResumePlan p = planWhenHalted(run);
            shown.addAll(run.lines(p));
            run.planned(p);
            outcome = run.execute(p, "rank 1 lost its NCCL communicator", e -> shown.add(e.line()));
        }
        assertEquals(ResumeOutcome.Result.RESUMED, outcome.result(), outcome.summary());
        shown.add(outcome.summary());
        assertNoSecretIn("what the console showed", String.join("\n", shown));
        assertNoSecretInFiles(home);
        assertTrue(Files.list(consoleJournal).findAny().isPresent(), "the console's run was journaled");
        assertEveryValueKept(original, real.admin().batch().v1().jobs().inNamespace(ns).withName("llm").get());
    }

    /** The rank with completion index 1 of the Job with {@code uid} exits with an NCCL error, and the gang halts. */
    private static void failRankOne(RealCluster real, String ns, String uid) throws InterruptedException {
        real.kubelet().script(p -> uid.equals(p.getMetadata().getLabels().get("batch.kubernetes.io/controller-uid"))
                && "1".equals(p.getMetadata().getLabels().get("batch.kubernetes.io/job-completion-index"))
                ? KubeletStandIn.Script.exit(1, "NCCL error: unhandled system error\n") : null);
        awaitPhases(real, ns, uid, List.of("Failed", "Running"));
    }

    private static void awaitPhases(RealCluster real, String ns, String uid, List<String> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        List<String> phases = List.of();
        while (System.nanoTime() < deadline) {
            phases = real.admin().pods().inNamespace(ns).withLabel("batch.kubernetes.io/controller-uid", uid).list().getItems()
                    .stream().filter(p -> p.getMetadata().getDeletionTimestamp() == null).map(Pod::getStatus)
                    .map(s -> s.getPhase()).sorted().toList();
            if (phases.equals(wanted)) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the ranks of " + ns + "/llm are " + phases + ", not " + wanted);
    }

    private static ResumePlan planWhenHalted(ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> run) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                return run.read();
            } catch (ResumeRefusal notYet) {
                assertTrue(System.nanoTime() < deadline, notYet.getMessage());
                Thread.sleep(200);
            }
        }
    }

    /** Every env value, argument and command word of every container, and the workload's own annotations, as they were. */
    private static void assertEveryValueKept(Job before, Job after) {
        JsonNode a = KubeJson.MAPPER.valueToTree(before.getSpec().getTemplate().getSpec().getContainers());
        JsonNode b = KubeJson.MAPPER.valueToTree(after.getSpec().getTemplate().getSpec().getContainers());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.get(i).path("command"), b.get(i).path("command"));
            assertEquals(a.get(i).path("args"), b.get(i).path("args"));
            for (JsonNode var : a.get(i).path("env")) {
                JsonNode kept = Stream.of(b.get(i).path("env")).flatMap(e -> java.util.stream.StreamSupport.stream(e.spliterator(), false))
                        .filter(v -> v.path("name").equals(var.path("name"))).findFirst().orElseThrow();
                assertEquals(var, kept, "env " + var.path("name").asText() + " kept as it was");
            }
        }
        before.getMetadata().getAnnotations().forEach((k, v) -> {
            if (!k.startsWith("flightdeck.dev/")) {
                assertEquals(v, after.getMetadata().getAnnotations().get(k), "annotation " + k);
            }
        });
    }

    private static void assertNoSecretIn(String where, String text) {
        for (String secret : SecretJobs.SECRETS) {
            assertFalse(text.contains(secret), where + " holds a secret starting " + secret.substring(0, 4) + "…");
        }
    }

    private static void assertNoSecretInFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertNoSecretIn(f.toString(), Files.readString(f, StandardCharsets.UTF_8));
            }
        }
    }

    private static String journalText(Path home) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(home)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
                all.append(Files.readString(f));
            }
        }
        return all.toString();
    }

    /** One headless command in a JVM of its own, the Flightdeck home in {@code home}; what it printed. */
    record Launched(int exit, String out, String err) {
        String all() {
            return out + "\n--- stderr ---\n" + err;
        }

        static Launched run(Path home, String... args) throws Exception {
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djava.awt.headless=true", "-XX:TieredStopAtLevel=1", "-Dflightdeck.home=" + home.resolve("flightdeck-home"),
                    "-cp", System.getProperty("java.class.path"), Headless.class.getName()));
            cmd.addAll(List.of(args));
            Path out = Files.createTempFile(home, "out", ".log");
            Path err = Files.createTempFile(home, "err", ".log");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("HOME", home.toString());
            pb.environment().remove("KUBECONFIG");
            Process p = pb.start();
            assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the command " + String.join(" ", args) + " did not end in 180 s");
            return new Launched(p.exitValue(), Files.readString(out), Files.readString(err));
        }
    }
}
