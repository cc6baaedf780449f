package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.journal.JournalIdentity;
import dev.flightdeck.sandbox.StoreException;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Resumes against the sandbox over real HTTP, with its simulated gang controllers, cascading
 * Foreground deletes and webhook denials: each test takes its own gang (rlhf-actor is seeded
 * halted; eval-sweep and llama-sft are halted here by failing one rank in the store).
 */
class ResumeSandboxTest {

    private static final JournalIdentity WHO = new JournalIdentity("sandbox", "sandbox", "alice");
    private static final String TOKEN = dev.flightdeck.testkit.TestSecrets.remember("hf_" + "QwErTyUiOpAsDfGhJkLzXcVbNm0123456789");
    private static final ResumeOptions FAST = new ResumeOptions(Duration.ofSeconds(15), Duration.ofSeconds(15),
            Duration.ofMillis(100));
    private static SandboxSession sandbox;
    private static KubeRest rest;
    private static ResumePlanReader reader;

    @TempDir
    Path journalDir;

    @BeforeAll
    static void open() throws Exception {
        sandbox = SandboxSession.open(64);
        rest = new KubeRest(sandbox.session.connection().api());
        reader = new ResumePlanReader(rest, sandbox.session.checkpoints()::read);
        SandboxSession.eventually("the gangs", () -> sandbox.session.model().gangs().size() == 9);
    }

    @AfterAll
    static void close() {
        sandbox.close();
    }

    private static ResumePlan plan(String ref) throws Exception {
        return reader.read(ref, sandbox.session.model().gangs(), OptionalLong.empty(), Instant.now());
    }

    /** The run's journal as the executor gets it, for the tests of the executor alone. */
    private static dev.flightdeck.app.actions.ActionJournal journalOf(Journal journal, ResumePlan plan) {
        return new dev.flightdeck.app.actions.ActionJournal(journal, Clock.systemUTC(), WHO.cluster(), WHO.context(), WHO.user(),
                "resume", "gang/" + plan.ref());
    }

    private static Gang gang(GangSystem system, String ns, String name) {
        return sandbox.session.model().gang(new GangKey(system, ns, name));
    }

    /** Simulates a rank crashing: its pod goes Failed, which halts the gang in the cluster model. */
    private static void failOneRank(String ns, String label, String workload, GangSystem system) throws Exception {
        ObjectNode pod = sandbox.sandbox.store().list("pods", ns, l -> workload.equals(l.get(label))).getFirst();
        pod.putObject("status").put("phase", "Failed");
        sandbox.sandbox.store().replace("pods", ns, pod.at("/metadata/name").asText(), pod);
        SandboxSession.eventually(workload + " halted", () -> gang(system, ns, workload).verdict() == GangVerdict.HALTED);
    }

    private static List<String> envValues(JsonNode container, String name) {
        List<String> out = new java.util.ArrayList<>();
        container.path("env").forEach(e -> {
            if (e.path("name").asText().equals(name)) {
                out.add(e.path("value").asText());
            }
        });
        return out;
    }

    private static List<ObjectNode> jobPods(String job) throws StoreException {
        return sandbox.sandbox.store().list("pods", "training", l -> job.equals(l.get("batch.kubernetes.io/job-name")));
    }

    @Test
    void aRunningGangIsRefusedInOneLine() {
        assertEquals(GangVerdict.RUNNING, gang(GangSystem.MPIJOB, "research", "bert-large").verdict());
        ResumeRefusal r = assertThrows(ResumeRefusal.class, () -> plan("research/bert-large"));
        assertEquals("cannot resume research/bert-large: the gang is running; only a halted, failed or stalled gang is resumed"
                + " (recreating a working one would throw away its work since the checkpoint)", r.getMessage());
        assertEquals("no gang training/nope in the cluster (as the console sees it)",
                assertThrows(ResumeRefusal.class, () -> plan("training/nope")).getMessage());
    }

    @Test
    void theHaltedRlhfActorIsSavedBeforeItsDeleteThenRecreatedWithResumeFromAndItsRanksStart() throws Exception {
        ResumePlan plan = plan("training/rlhf-actor");
        assertEquals("s3://checkpoints/rlhf-actor/step-1007/", plan.checkpoint().uri());
        assertEquals(16, plan.pods().size());
        assertEquals(16, plan.expectedRanks());
        assertTrue(plan.diff().containsAll(List.of("+        - name: RESUME_FROM", "+          value: s3://checkpoints/rlhf-actor/step-1007/",
                "+        - name: RESUME_FROM_STEP", "+          value: \"1007\"")), String.join("\n", plan.diff()));
        String oldUid = sandbox.sandbox.store().get("batch/jobs", "training", "rlhf-actor").at("/metadata/uid").asText();

        Journal journal = new Journal(journalDir);
        AtomicReference<String> journalAtDelete = new AtomicReference<>();
        AtomicReference<Instant> deleteArrived = new AtomicReference<>();
        sandbox.sandbox.workloads().observeDeletes(what -> {
            if (what.equals("batch/jobs/training/rlhf-actor") && deleteArrived.get() == null) {
                deleteArrived.set(Instant.now());
                try (var files = Files.list(journalDir)) {
                    StringBuilder all = new StringBuilder();
                    for (Path f : files.toList()) {
                        all.append(Files.readString(f));
                    }
                    journalAtDelete.set(all.toString());
                } catch (java.io.IOException e) {
                    journalAtDelete.set("unreadable: " + e.getMessage());
                }
            }
        });
        List<ResumeEvent> events = new CopyOnWriteArrayList<>();
        // The whole run, as the console and `flightdeck resume` make it: plan, confirmation, saved original, steps, outcome.
        dev.flightdeck.app.actions.ActionSession s = new dev.flightdeck.app.actions.ActionSession(sandbox.session, journal,
                null, dev.flightdeck.app.settings.DrainLimits.DEFAULTS, Clock.systemUTC());
        dev.flightdeck.app.actions.ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> run = new dev.flightdeck.app.actions.ActionRun<>(
                s, new ResumeOperation(s, plan.ref(), () -> plan, FAST));
        run.planned(plan);
        ResumeOutcome o = run.execute(plan, "rank 3 crashed", events::add);

        assertEquals(ResumeOutcome.Result.RESUMED, o.result(), o.summary());
        assertTrue(o.summary().startsWith("resumed training/rlhf-actor from s3://checkpoints/rlhf-actor/step-1007/: 16 ranks created"),
                o.summary());
        assertNotNull(journalAtDelete.get(), "the delete reached the sandbox");
        assertTrue(journalAtDelete.get().contains(oldUid) && journalAtDelete.get().contains("\"saved Job training/rlhf-actor"),
                "the journal file held the original when the delete arrived");

        List<JournalEntry> entries = journal.read(Instant.now().minusSeconds(600), Instant.now().plusSeconds(60), e -> true).entries();
        assertEquals(List.of("plan", "confirm", "step"), entries.subList(0, 3).stream().map(JournalEntry::phase).toList());
        JournalEntry saved = entries.get(2);
        assertTrue(saved.message().startsWith("saved Job training/rlhf-actor and its 16 pods"), saved.message());
        assertTrue(entries.stream().anyMatch(e -> e.message().startsWith("deleting Job training/rlhf-actor")),
                "the delete is journaled before it is sent");
        assertEquals("resume", saved.action());
        assertEquals("gang/training/rlhf-actor", saved.target());
        assertTrue(!saved.at().isAfter(deleteArrived.get()), "saved at " + saved.at() + ", delete at " + deleteArrived.get());
        JsonNode details = KubeJson.MAPPER.valueToTree(saved.details());
        assertEquals(oldUid, details.at("/workload/metadata/uid").asText());
        assertEquals(16, details.path("pods").size());
        assertTrue(details.at("/pods/0/spec/containers/0").has("image"), "whole pod specs");
        assertEquals("outcome", entries.getLast().phase());
        assertEquals(1, entries.stream().filter(e -> e.phase().equals("outcome")).count());
        assertEquals("RESUMED", entries.getLast().details().get("result"));
        assertEquals("recorded", entries.getLast().details().get("event"), "a FlightdeckResume Event on the new Job");
        assertEquals(journal.fileFor(saved.at()), o.journalFile());

        ObjectNode job = sandbox.sandbox.store().get("batch/jobs", "training", "rlhf-actor");
        assertNotEquals(oldUid, job.at("/metadata/uid").asText());
        assertEquals(o.newUid(), job.at("/metadata/uid").asText());
        assertEquals(List.of("s3://checkpoints/rlhf-actor/step-1007/"), envValues(job.at("/spec/template/spec/containers/0"), "RESUME_FROM"));
        assertEquals("s3://checkpoints/rlhf-actor/step-1007/", job.at("/metadata/annotations/flightdeck.dev~1resumed-from").asText());
        List<ObjectNode> pods = jobPods("rlhf-actor");
        assertEquals(16, pods.size());
        assertTrue(pods.stream().allMatch(p -> envValues(p.at("/spec/containers/0"), "RESUME_FROM").size() == 1));
        assertTrue(events.stream().anyMatch(e -> e instanceof ResumeEvent.Saved)
                && events.indexOf(events.stream().filter(e -> e instanceof ResumeEvent.Saved).findFirst().orElseThrow())
                < events.indexOf(events.stream().filter(e -> e instanceof ResumeEvent.Deleting).findFirst().orElseThrow()));
        SandboxSession.eventually("the new gang in the cluster model, no rank failed", () -> {
            Gang g = gang(GangSystem.INDEXED_JOB, "training", "rlhf-actor");
            return g != null && g.ranks().size() == 16 && g.verdict() != GangVerdict.HALTED;
        });
    }

    @Test
    void aDeniedCreationRestoresTheOriginalAndSaysSo() throws Exception {
        // The Job carries a literal token: the journal must not, the restored Job must (it is restored from memory).
        ObjectNode withToken = sandbox.sandbox.store().get("batch/jobs", "training", "eval-sweep");
        ((com.fasterxml.jackson.databind.node.ArrayNode) withToken.withArray("/spec/template/spec/containers/0/env"))
                .addObject().put("name", "HF_TOKEN").put("value", TOKEN);
        sandbox.sandbox.store().replace("batch/jobs", "training", "eval-sweep", withToken);
        failOneRank("training", "batch.kubernetes.io/job-name", "eval-sweep", GangSystem.INDEXED_JOB);
        ResumePlan plan = plan("training/eval-sweep");
        sandbox.sandbox.workloads().admission().denyCreates("batch/jobs", "training", "eval-sweep", 1, "resumes need a ticket");
        Journal journal = new Journal(journalDir);
        ResumeOutcome o = new ResumeExecutor(rest, Clock.systemUTC(), FAST).execute(plan, journalOf(journal, plan), e -> { });

        assertEquals(ResumeOutcome.Result.RESTORED, o.result());
        String onDisk = Files.readString(o.journalFile());
        assertTrue(!onDisk.contains(TOKEN) && onDisk.contains(dev.flightdeck.app.secrets.Redaction.PLACEHOLDER), "the token stays out of the journal");
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(o.journalFile())));
        JournalEntry saved = journal.read(Instant.now().minusSeconds(600), Instant.now().plusSeconds(60),
                e -> e.message().startsWith("saved ")).entries().getFirst();
        assertTrue(saved.message().endsWith("(1 secret values left out)"), saved.message());
        assertEquals(List.of(TOKEN), envValues(sandbox.sandbox.store().get("batch/jobs", "training", "eval-sweep")
                .at("/spec/template/spec/containers/0"), "HF_TOKEN"), "the automatic restore put the real value back");

        assertEquals("creation failed: admission webhook \"sandbox-admission.flightdeck.dev\" denied the request: "
                + "resumes need a ticket; the original was restored", o.summary());
        ObjectNode job = sandbox.sandbox.store().get("batch/jobs", "training", "eval-sweep");
        assertTrue(job.at("/metadata/annotations/flightdeck.dev~1resumed-from").isMissingNode());
        assertTrue(envValues(job.at("/spec/template/spec/containers/0"), "RESUME_FROM").isEmpty());
        assertEquals(plan.before(), ServerFields.strip(job, ResumableKind.INDEXED_JOB));
        SandboxSession.eventually("the restored Job's 8 ranks", () -> {
            try {
                return jobPods("eval-sweep").size() == 8;
            } catch (StoreException e) {
                return false;
            }
        });

        // Restoring from the journal instead would create it with the placeholder: the plan says so.
        sandbox.sandbox.store().delete("batch/jobs", "training", "eval-sweep");
        JournalRestore.Plan fromJournal = JournalRestore.plan(saved, "sandbox", rest);
        assertTrue(!fromJournal.refused() && fromJournal.hasRedactedValues(), fromJournal.toString());
        assertEquals(1, fromJournal.redacted().size());
        assertTrue(fromJournal.redacted().getFirst().endsWith(".env[HF_TOKEN]"), fromJournal.redacted().toString());
        assertTrue(String.join("\n", JournalRestore.lines(fromJournal)).contains("restore with --accept-redacted"));
        assertEquals(List.of(dev.flightdeck.app.secrets.Redaction.PLACEHOLDER), envValues(fromJournal.workload().at("/spec/template/spec/containers/0"),
                "HF_TOKEN"));
    }

    @Test
    void whenRestoringFailsTooTheOutcomeNamesTheJournalFileHoldingTheOriginal() throws Exception {
        failOneRank("research", "training.kubeflow.org/job-name", "llama-sft", GangSystem.PYTORCHJOB);
        ResumePlan plan = plan("research/llama-sft");
        assertEquals(ResumableKind.PYTORCHJOB, plan.kind());
        sandbox.sandbox.workloads().admission().denyCreates("kubeflow.org/pytorchjobs", "research", "llama-sft", 2, "frozen");
        Journal journal = new Journal(journalDir);
        ResumeOutcome o = new ResumeExecutor(rest, Clock.systemUTC(), FAST).execute(plan, journalOf(journal, plan), e -> { });

        assertEquals(ResumeOutcome.Result.RESTORE_FAILED, o.result());
        Path file = o.journalFile();
        assertTrue(o.summary().matches(java.util.regex.Pattern.quote("creation failed: admission webhook"
                + " \"sandbox-admission.flightdeck.dev\" denied the request: frozen; restoring the original failed too:"
                + " admission webhook \"sandbox-admission.flightdeck.dev\" denied the request: frozen; it is saved in " + file
                + " (if it was not created again: flightdeck journal restore ") + "\\S+ --confirm llama-sft\\)"), o.summary());
        assertTrue(Files.readString(file).contains("\"pytorchReplicaSpecs\""), "the journal file holds the PyTorchJob");
        assertTrue(sandbox.sandbox.store().list("pods", "research",
                l -> "llama-sft".equals(l.get("training.kubeflow.org/job-name"))).isEmpty(), "its pods went with it");
    }

    @Test
    void aJournalThatCannotBeWrittenStopsTheResumeBeforeAnyDelete() throws Exception {
        failOneRank("research", "jobset.sigs.k8s.io/jobset-name", "vision-pretrain", GangSystem.JOBSET);
        ResumePlan plan = plan("research/vision-pretrain");
        Path notADirectory = Files.writeString(journalDir.resolve("blocked"), "a file where the journal directory should be");
        String uid = sandbox.sandbox.store().get("jobset.x-k8s.io/jobsets", "research", "vision-pretrain").at("/metadata/uid").asText();
        ResumeOutcome o = new ResumeExecutor(rest, Clock.systemUTC(), FAST).execute(plan, journalOf(new Journal(notADirectory), plan), e -> { });
        assertEquals(ResumeOutcome.Result.NOT_STARTED, o.result());
        assertTrue(o.summary().startsWith("could not save JobSet research/vision-pretrain to the journal in " + notADirectory),
                o.summary());
        assertTrue(o.summary().endsWith("; nothing was deleted"), o.summary());
        assertEquals(uid, sandbox.sandbox.store().get("jobset.x-k8s.io/jobsets", "research", "vision-pretrain")
                .at("/metadata/uid").asText());
        assertEquals(2, sandbox.sandbox.store().list("pods", "research",
                l -> "vision-pretrain".equals(l.get("jobset.sigs.k8s.io/jobset-name"))).size());
    }

    @Test
    void aFullDiskStopsTheResumeBeforeAnyDeleteAndSaysSo() throws Exception {
        failOneRank("research", "jobset.sigs.k8s.io/jobset-name", "vision-pretrain", GangSystem.JOBSET);
        ResumePlan plan = plan("research/vision-pretrain");
        // Today's journal file is /dev/full: every write fails with ENOSPC, as on a full disk.
        Path fullDir = Files.createDirectories(journalDir.resolve("full-disk"));
        Journal journal = new Journal(fullDir);
        Files.createSymbolicLink(journal.fileFor(java.time.Instant.now()), Path.of("/dev/full"));
        String uid = sandbox.sandbox.store().get("jobset.x-k8s.io/jobsets", "research", "vision-pretrain").at("/metadata/uid").asText();
        ResumeOutcome o = new ResumeExecutor(rest, Clock.systemUTC(), FAST).execute(plan, journalOf(journal, plan), e -> { });
        assertEquals(ResumeOutcome.Result.NOT_STARTED, o.result(), o.summary());
        assertTrue(o.summary().startsWith("could not save JobSet research/vision-pretrain to the journal in " + fullDir),
                o.summary());
        assertTrue(o.summary().contains("No space left on device"), o.summary());
        assertTrue(o.summary().endsWith("; nothing was deleted"), o.summary());
        assertEquals(uid, sandbox.sandbox.store().get("jobset.x-k8s.io/jobsets", "research", "vision-pretrain")
                .at("/metadata/uid").asText(), "the JobSet was not touched");
    }
}
