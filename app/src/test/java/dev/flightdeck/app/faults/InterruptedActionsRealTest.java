package dev.flightdeck.app.faults;

import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.resume.ResumeEvent;
import dev.flightdeck.app.actions.resume.ResumeOutcome;
import dev.flightdeck.app.actions.resume.ResumePlan;
import dev.flightdeck.app.actions.resume.ResumePlanReader;
import dev.flightdeck.app.cli.Headless;
import dev.flightdeck.app.controlplane.KubeletStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.testkit.Await;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Actions the API server walks out on (real control plane, SIGKILL): a drain after its first eviction,
 * a preflight whose validation Job runs, and a resume where it hurts most — after the delete, before
 * the create. Each outcome says what happened and what is left to do; the resume's saved Job comes
 * back with {@code flightdeck journal restore ENTRY} (the plan first, then {@code --confirm}) once the
 * server is back, and a second restore is refused, since the Job exists.
 */
@ExtendWith(RealKube.class)
class InterruptedActionsRealTest {

    private static final String CHECKPOINT = "s3://checkpoints/interrupted/step-300/";

    @Test
    void aResumeCutBetweenDeleteAndCreateIsRestoredFromItsJournalEntry(RealCluster real) throws Exception {
        String ns = real.namespace("interrupted");
        for (int i = 0; i < 2; i++) {
            real.kubelet().registerGpuNode(RealCluster.unique(ns + "-node"), 8, Map.of("flightdeck-test", ns));
        }
        Map<String, String> ckpt = Map.of("flightdeck.dev/checkpoint-uri", CHECKPOINT, "flightdeck.dev/checkpoint-time",
                Instant.now().minusSeconds(600).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString(),
                "flightdeck.dev/checkpoint-step", "300");
        Job job = real.admin().batch().v1().jobs().inNamespace(ns).resource(new JobBuilder().withNewMetadata()
                .withName("pretrain").withAnnotations(ckpt).endMetadata().withNewSpec().withCompletionMode("Indexed")
                .withCompletions(2).withParallelism(2).withBackoffLimitPerIndex(0).withNewTemplate().withNewSpec()
                .withRestartPolicy("Never").withNodeSelector(Map.of("flightdeck-test", ns)).addNewContainer()
                .withName("trainer").withImage("trainer:1").withNewResources()
                .withLimits(Map.of("nvidia.com/gpu", new Quantity("8"))).endResources().endContainer().endSpec()
                .endTemplate().endSpec().build()).create();
        String uid = job.getMetadata().getUid();
        real.kubelet().script(p -> uid.equals(p.getMetadata().getLabels().get("batch.kubernetes.io/controller-uid"))
                && "1".equals(p.getMetadata().getLabels().get("batch.kubernetes.io/job-completion-index"))
                ? KubeletStandIn.Script.exit(1, "NCCL error\n") : null);

        ResumeOutcome outcome;
        try (ClusterSession session = ClusterSessions.openStarted(real.target(), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            ActionSession s = ActionSession.standard(session, real.target(), SettingsFile.standard().load(), Clock.systemUTC());
            // After an earlier test's API server restart the scheduler's and Job controller's informers come
            // back on client-go's back-off (up to 30 s each), so the gang may take a while to halt.
            long waitStart = System.nanoTime();
            long deadline = waitStart + TimeUnit.SECONDS.toNanos(120);
            ResumePlan plan = null;
            while (plan == null) {
                try {
                    plan = new ResumePlanReader(s.rest(), session.checkpoints()::read).read(ns + "/pretrain",
                            session.model().gangs(), OptionalLong.empty(), Instant.now());
                } catch (dev.flightdeck.app.actions.resume.ResumeRefusal notYetHalted) {
                    assertTrue(System.nanoTime() < deadline, notYetHalted.getMessage());
                    Thread.sleep(200);
                }
            }
            System.out.println("flightdeck: the gang was halted and its resume planned "
                    + (System.nanoTime() - waitStart) / 1_000_000 + " ms after the session synced");
            ResumePlan planned = plan;
            var run = new dev.flightdeck.app.actions.ActionRun<>(s, new dev.flightdeck.app.actions.resume.ResumeOperation(s,
                    planned.ref(), () -> planned, dev.flightdeck.app.actions.resume.ResumeOptions.DEFAULTS));
            outcome = run.execute(plan, "", e -> {
                if (e instanceof ResumeEvent.Deleted) {
                    try {
                        real.plane().killApiserver(); // between the delete and the create
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
        } finally {
            real.plane().startApiserverAgain();
            real.plane().awaitControllersCaughtUp();
        }
        assertEquals(ResumeOutcome.Result.FAILED, outcome.result(), outcome.summary());
        assertTrue(outcome.summary().startsWith("resume of " + ns + "/pretrain stopped: "), outcome.summary());
        Matcher m = Pattern.compile("flightdeck journal restore (\\S+) --confirm pretrain").matcher(outcome.summary());
        assertTrue(m.find(), "the outcome says how to restore: " + outcome.summary());
        assertNull(real.admin().batch().v1().jobs().inNamespace(ns).withName("pretrain").get(), "deleted, never created");

        String kc = real.plane().adminKubeconfig().toString();
        Run plan = headless("journal", "restore", m.group(1), "--kubeconfig", kc, "--context", "real");
        assertEquals(2, plan.code, plan.out + plan.err);
        assertTrue(plan.out.startsWith("restore Job " + ns + "/pretrain as the resume at " + m.group(1)), plan.out);
        Run restored = headless("journal", "restore", m.group(1), "--kubeconfig", kc, "--context", "real", "--confirm",
                "pretrain");
        assertEquals(0, restored.code, restored.out + restored.err);
        Job back = real.admin().batch().v1().jobs().inNamespace(ns).withName("pretrain").get();
        assertNotNull(back, "the saved Job is back");
        assertNotEquals(uid, back.getMetadata().getUid());
        assertEquals(CHECKPOINT, back.getMetadata().getAnnotations().get("flightdeck.dev/checkpoint-uri"), "as saved");
        assertTrue(back.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv() == null
                || back.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv().isEmpty(),
                "the original, not the resumed one (no RESUME_FROM)");
        Run again = headless("journal", "restore", m.group(1), "--kubeconfig", kc, "--context", "real", "--confirm",
                "pretrain");
        assertEquals(4, again.code, again.out + again.err);
        assertTrue(again.out.contains("exists (uid " + back.getMetadata().getUid() + "): restoring would replace it"),
                again.out);
    }

    @Test
    void aDrainCutAfterItsFirstEvictionSaysHowFarItGotAndWhatIsLeft(RealCluster real) throws Exception {
        // The lane's few GPU nodes, some out of service after other tests: the default breaker
        // (10% of GPUs) would refuse this drain, as it should on a fleet that small. Not under test here.
        var settings = dev.flightdeck.app.settings.SettingsFile.standard();
        settings.save("real", settings.load().forContext("real")
                .withDrainBreaker(new dev.flightdeck.app.settings.DrainLimits(1_000, 100)));
        String ns = real.namespace("cut-drain");
        String node = RealCluster.unique(ns + "-node");
        real.kubelet().registerGpuNode(node, 8, Map.of());
        for (String pod : new String[]{"free", "guarded"}) {
            real.admin().pods().inNamespace(ns).resource(new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata()
                    .withName(pod).addToLabels("app", pod).endMetadata().withNewSpec().withNodeName(node)
                    .addNewContainer().withName("c").withImage("busybox").endContainer().endSpec().build()).create();
        }
        real.admin().policy().v1().podDisruptionBudget().inNamespace(ns).resource(
                new io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder().withNewMetadata()
                        .withName("guard").endMetadata().withNewSpec().withMaxUnavailable(
                                new io.fabric8.kubernetes.api.model.IntOrString(0)).withNewSelector()
                        .addToMatchLabels("app", "guarded").endSelector().endSpec().build()).create();
        awaitRunning(real, ns, "free");
        awaitRunning(real, ns, "guarded");
        String kc = real.plane().adminKubeconfig().toString();
        java.util.concurrent.CompletableFuture<Run> drain = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                headless("drain", node, "--confirm", node, "--reason", "cut test", "--force", "--timeout", "2m",
                        "--kubeconfig", kc, "--context", "real"));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (real.admin().pods().inNamespace(ns).withName("free").get() != null) {
                if (drain.isDone()) {
                    Run early = drain.join();
                    fail("the drain ended before the free pod was gone: exit " + early.code + "\n" + early.out + early.err);
                }
                assertTrue(System.nanoTime() < deadline, "the free pod is evicted first");
                Thread.sleep(100);
            }
            real.plane().killApiserver(); // the guarded pod's next eviction retry meets no server
            Run r = drain.get(60, TimeUnit.SECONDS);
            assertEquals(6, r.code, r.out + r.err);
            assertTrue(r.out.contains("drain of " + node + " stopped after evicting 1 of 2 pods ("), r.out);
            assertTrue(r.out.contains(node + " stays cordoned") && r.out.contains("; not evicted: " + ns
                    + "/guarded (drain it again to finish once the API server answers)"), r.out);
        } finally {
            real.plane().startApiserverAgain();
            real.plane().awaitControllersCaughtUp();
        }
    }

    @Test
    void aPreflightCutWhileItsValidationRunsSaysTheJobAndTheGateAreLeft(RealCluster real) throws Exception {
        String node = RealCluster.unique("cut-preflight");
        real.kubelet().registerGpuNode(node, 8, Map.of());
        String kc = real.plane().adminKubeconfig().toString();
        java.util.concurrent.CompletableFuture<Run> preflight = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                headless("preflight", node, "--confirm", node, "--kubeconfig", kc, "--context", "real"));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (real.admin().batch().v1().jobs().inAnyNamespace().withLabel("app.kubernetes.io/name",
                    "flightdeck-preflight").list().getItems().stream().noneMatch(j -> j.getSpec().toString().contains(node))) {
                assertTrue(System.nanoTime() < deadline, "the validation Job is created");
                Thread.sleep(100);
            }
            // The gate (its taint and the running label) is written right after the Job: cut once it is there.
            Await.until("the preflight gate on " + node, Duration.ofSeconds(60), () -> "running".equals(real.admin().nodes()
                    .withName(node).get().getMetadata().getLabels().get(PreflightConvention.DEFAULT.key())));
            real.plane().killApiserver();
            Run r = preflight.get(90, TimeUnit.SECONDS);
            assertEquals(6, r.code, r.out + r.err);
            assertTrue(r.out.contains("preflight of " + node + " stopped: "), r.out);
            assertTrue(r.out.contains("is left to its deadline") && r.out.contains(node + " may stay gated")
                    && r.out.contains("re-run preflight on it"), r.out);
        } finally {
            real.plane().startApiserverAgain();
            real.plane().awaitControllersCaughtUp();
        }
    }

    private static void awaitRunning(RealCluster real, String ns, String pod) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            var p = real.admin().pods().inNamespace(ns).withName(pod).get();
            if (p != null && "Running".equals(p.getStatus().getPhase())) {
                return;
            }
            assertTrue(System.nanoTime() < deadline, pod + " running");
            Thread.sleep(100);
        }
    }

    private record Run(int code, String out, String err) { }

    private static Run headless(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Headless.run(args, System.getenv(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
