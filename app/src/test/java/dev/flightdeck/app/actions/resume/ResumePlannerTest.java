package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.checkpoints.AnnotationCheckpoints;
import dev.flightdeck.app.checkpoints.Checkpoint;
import dev.flightdeck.app.checkpoints.CheckpointSource;
import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static dev.flightdeck.app.actions.resume.ResumeFixtures.NOW;
import static dev.flightdeck.app.actions.resume.ResumeFixtures.gang;
import static dev.flightdeck.app.actions.resume.ResumeFixtures.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plans on workloads as the API server returns them: the captured Indexed Job and upstream-shaped CRDs. */
class ResumePlannerTest {

    private static CheckpointStatus annotated(JsonNode workload) {
        Map<String, String> a = new java.util.HashMap<>();
        workload.path("metadata").path("annotations").properties().forEach(e -> a.put(e.getKey(), e.getValue().asText()));
        return AnnotationCheckpoints.read(a);
    }

    private static CheckpointStatus stored(String... uris) {
        List<Checkpoint> recent = new java.util.ArrayList<>();
        for (int i = 0; i < uris.length; i++) {
            String u = uris[i];
            long step = Long.parseLong(u.replaceAll(".*[_-]0*(\\d+)/$", "$1"));
            recent.add(new Checkpoint(u, step, NOW.minusSeconds(600L * (i + 1)), u + ".metadata"));
        }
        return new CheckpointStatus(CheckpointSource.OBJECT_STORAGE, recent.getFirst(), recent, null);
    }

    private static List<String> changed(ResumePlan p) {
        return p.diff().stream().filter(l -> (l.startsWith("+") || l.startsWith("-")) && !l.startsWith("+++")
                && !l.startsWith("---")).toList();
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

    @Test
    void indexedJobLosesServerFieldsAndItsGeneratedSelectorAndGainsOnlyTheVariableAndAnnotation() throws Exception {
        JsonNode job = json("kube-apiserver-1.32/job-indexed.json");
        ResumePlan p = ResumePlanner.plan(gang(GangSystem.INDEXED_JOB, "default", "llm-pretrain", GangVerdict.HALTED, 3),
                job, List.of(), annotated(job), OptionalLong.empty(), NOW);
        JsonNode before = p.before();
        for (String gone : List.of("/status", "/metadata/uid", "/metadata/resourceVersion", "/metadata/creationTimestamp",
                "/metadata/generation", "/spec/selector", "/metadata/labels/controller-uid",
                "/metadata/labels/batch.kubernetes.io~1controller-uid", "/spec/template/metadata/labels/controller-uid",
                "/spec/template/metadata/labels/batch.kubernetes.io~1controller-uid", "/spec/template/metadata/creationTimestamp")) {
            assertTrue(before.at(gone).isMissingNode(), gone + " is stripped");
        }
        assertEquals("llm-pretrain", before.at("/spec/template/metadata/labels/job-name").asText(), "the person's labels stay");
        assertEquals(List.of("s3://ckpt/llm-pretrain/step-4200/"), envValues(p.after().at("/spec/template/spec/containers/0"), "RESUME_FROM"));
        assertEquals(List.of(
                "+    flightdeck.dev/resumed-from: s3://ckpt/llm-pretrain/step-4200/",
                "+        env:",
                "+        - name: RESUME_FROM",
                "+          value: s3://ckpt/llm-pretrain/step-4200/"), changed(p),
                "only additions; the step variable is left out since the annotations give no step");
        assertEquals(3, p.expectedRanks());
        assertEquals(1, p.containers());
    }

    @Test
    void aStalledGangIsResumedLikeAHaltedOne() throws Exception {
        JsonNode job = json("kube-apiserver-1.32/job-indexed.json");
        ResumePlan p = ResumePlanner.plan(gang(GangSystem.INDEXED_JOB, "default", "llm-pretrain", GangVerdict.STALLED, 3),
                job, List.of(), annotated(job), OptionalLong.empty(), NOW);
        assertEquals(GangVerdict.STALLED, p.verdict());
        assertEquals(List.of("s3://ckpt/llm-pretrain/step-4200/"), envValues(p.after().at("/spec/template/spec/containers/0"), "RESUME_FROM"));
        for (GangVerdict v : GangVerdict.values()) {
            assertEquals(v == GangVerdict.HALTED || v == GangVerdict.FAILED || v == GangVerdict.STALLED, v.resumable(), v.name());
        }
    }

    @Test
    void aJobWithAManualSelectorKeepsItAndItsLabels() {
        com.fasterxml.jackson.databind.node.ObjectNode job = json("kube-apiserver-1.32/job-indexed.json").deepCopy();
        job.with("spec").put("manualSelector", true);
        JsonNode stripped = ServerFields.strip(job, ResumableKind.INDEXED_JOB);
        assertEquals(job.at("/spec/selector"), stripped.at("/spec/selector"));
        assertEquals(job.at("/spec/template/metadata/labels"), stripped.at("/spec/template/metadata/labels"));
        assertTrue(stripped.at("/metadata/uid").isMissingNode());
    }

    @Test
    void jobSetGetsTheVariableInEveryContainerOfEveryReplicatedJobInitContainersIncluded() throws Exception {
        JsonNode js = json("upstream/jobset-v1alpha2.json");
        ResumePlan p = ResumePlanner.plan(gang(GangSystem.JOBSET, "research", "simple", GangVerdict.FAILED, 3),
                js, List.of(), annotated(js), OptionalLong.empty(), NOW);
        assertEquals(3, p.containers());
        assertEquals(3, changed(p).stream().filter(l -> l.trim().equals("+- name: RESUME_FROM") || l.endsWith("- name: RESUME_FROM")).count());
        assertTrue(changed(p).stream().allMatch(l -> l.startsWith("+")), String.join("\n", p.diff()));
        assertTrue(p.before().at("/metadata/managedFields").isMissingNode());
        assertEquals(List.of("s3://ckpt/simple/step-300/"),
                envValues(p.after().at("/spec/replicatedJobs/1/template/spec/template/spec/initContainers/0"), "RESUME_FROM"));
        assertEquals(3, p.expectedRanks(), "1 driver + 1 × 2 workers");
    }

    @Test
    void pyTorchJobUsesTheAnnotatedNameAndReplacesItsOldValueInPlace() throws Exception {
        JsonNode job = json("upstream/pytorchjob-v1.json");
        CheckpointStatus ck = stored("s3://ckpt/mnist/checkpoint-400/", "s3://ckpt/mnist/checkpoint-300/");
        ResumePlan p = ResumePlanner.plan(gang(GangSystem.PYTORCHJOB, "kubeflow", "pytorch-simple", GangVerdict.FAILED, 2),
                job, List.of(), ck, OptionalLong.empty(), NOW);
        assertEquals("CKPT_DIR", p.envName());
        JsonNode master = p.after().at("/spec/pytorchReplicaSpecs/Master/template/spec/containers/0");
        assertEquals(List.of("s3://ckpt/mnist/checkpoint-400/"), envValues(master, "CKPT_DIR"), "one value, the new one");
        assertEquals("CKPT_DIR", master.at("/env/0/name").asText(), "replaced where it was");
        assertEquals(List.of("INFO"), envValues(master, "NCCL_DEBUG"));
        assertEquals(List.of("400"), envValues(master, "CKPT_DIR_STEP"));
        JsonNode worker = p.after().at("/spec/pytorchReplicaSpecs/Worker/template/spec/containers/0");
        assertEquals(List.of("s3://ckpt/mnist/checkpoint-400/"), envValues(worker, "CKPT_DIR"));
        assertEquals(List.of("-              value: s3://ckpt/mnist/checkpoint-100/", "+              value: s3://ckpt/mnist/checkpoint-400/"),
                p.diff().subList(p.diff().indexOf("             - name: CKPT_DIR") + 1, p.diff().indexOf("             - name: CKPT_DIR") + 3),
                String.join("\n", p.diff()));
        assertTrue(p.diff().contains("+              value: \"400\""), "a number-like value stays a string in YAML");
        assertTrue(p.newest());
    }

    @Test
    void mpiJobFromAPickedMegatronIterationLoadsTheParentDirectoryAtThatIteration() throws Exception {
        JsonNode job = json("upstream/mpijob-v2beta1.json");
        CheckpointStatus ck = stored("s3://ckpt/bert/iter_0012000/", "s3://ckpt/bert/iter_0011000/");
        ResumePlan p = ResumePlanner.plan(gang(GangSystem.MPIJOB, "research", "pi", GangVerdict.FAILED, 3),
                job, List.of(), ck, OptionalLong.of(11000), NOW);
        assertFalse(p.newest());
        for (String role : List.of("Launcher", "Worker")) {
            JsonNode c = p.after().at("/spec/mpiReplicaSpecs/" + role + "/template/spec/containers/0");
            assertEquals(List.of("s3://ckpt/bert/"), envValues(c, "RESUME_FROM"), role);
            assertEquals(List.of("11000"), envValues(c, "RESUME_FROM_STEP"), role);
        }
        assertEquals("s3://ckpt/bert/iter_0011000/", p.after().at("/metadata/annotations/flightdeck.dev~1resumed-from").asText());
        List<String> text = ResumePlanText.lines(p);
        assertTrue(text.contains("  env         RESUME_FROM=s3://ckpt/bert/, RESUME_FROM_STEP=11000 in 2 containers"), String.join("\n", text));
        assertTrue(text.stream().anyMatch(l -> l.contains("--ckpt-step")));
    }

    @Test
    void refusalsAreOneLineEach() {
        JsonNode job = json("kube-apiserver-1.32/job-indexed.json");
        CheckpointStatus ck = stored("s3://ckpt/run/step-4200/", "s3://ckpt/run/step-4000/");
        assertEquals("cannot resume default/llm-pretrain: the gang is running; only a halted, failed or stalled gang is resumed"
                        + " (recreating a working one would throw away its work since the checkpoint)",
                assertThrows(ResumeRefusal.class, () -> ResumePlanner.plan(gang(GangSystem.INDEXED_JOB, "default",
                        "llm-pretrain", GangVerdict.RUNNING, 3), job, List.of(), ck, OptionalLong.empty(), NOW)).getMessage());
        assertEquals("cannot resume research/resnet-sweep: it is a Volcano gang; resume recreates Indexed Jobs, JobSets,"
                        + " PyTorchJobs and MPIJobs only",
                assertThrows(ResumeRefusal.class, () -> ResumePlanner.plan(gang(GangSystem.VOLCANO, "research",
                        "resnet-sweep", GangVerdict.HALTED, 2), job, List.of(), ck, OptionalLong.empty(), NOW)).getMessage());
        assertEquals("cannot resume default/llm-pretrain from step 999: no complete checkpoint at that step; recent complete steps: 4200, 4000",
                assertThrows(ResumeRefusal.class, () -> ResumePlanner.plan(gang(GangSystem.INDEXED_JOB, "default",
                        "llm-pretrain", GangVerdict.HALTED, 3), job, List.of(), ck, OptionalLong.of(999), NOW)).getMessage());
        assertEquals("cannot resume default/llm-pretrain: no complete checkpoint is known",
                assertThrows(ResumeRefusal.class, () -> ResumePlanner.plan(gang(GangSystem.INDEXED_JOB, "default",
                        "llm-pretrain", GangVerdict.HALTED, 3), job, List.of(), CheckpointStatus.none(), OptionalLong.empty(), NOW)).getMessage());
        com.fasterxml.jackson.databind.node.ObjectNode badName = job.deepCopy();
        badName.with("metadata").with("annotations").put(ResumeEnv.NAME_ANNOTATION, "RESUME FROM");
        assertTrue(assertThrows(ResumeRefusal.class, () -> ResumePlanner.plan(gang(GangSystem.INDEXED_JOB, "default",
                "llm-pretrain", GangVerdict.HALTED, 3), badName, List.of(), ck, OptionalLong.empty(), NOW)).getMessage()
                .startsWith("cannot resume default/llm-pretrain: annotation flightdeck.dev/resume-env is \"RESUME FROM\", which is not"));
    }

    @Test
    void planTextNamesTheCheckpointWhatIsDeletedWithWhichPolicyAndTheDiff() throws Exception {
        JsonNode job = json("kube-apiserver-1.32/job-indexed.json");
        List<dev.flightdeck.app.kube.PodObject> pods = KubeJson.MAPPER.readValue(
                Fixtures.bytes("kube-apiserver-1.32/pods-indexed-job.json"),
                new com.fasterxml.jackson.core.type.TypeReference<dev.flightdeck.app.kube.ObjectList<dev.flightdeck.app.kube.PodObject>>() { })
                .items();
        ResumePlan p = ResumePlanner.plan(gang(GangSystem.INDEXED_JOB, "default", "llm-pretrain", GangVerdict.HALTED, 3),
                job, pods, annotated(job), OptionalLong.empty(), Instant.parse("2026-11-22T04:40:00Z"));
        List<String> text = ResumePlanText.lines(p);
        assertEquals("resume default/llm-pretrain (Job, halted: rank 1 Failed)", text.getFirst());
        assertEquals("  checkpoint  s3://ckpt/llm-pretrain/step-4200/  saved 2h ago  (newest complete, from the workload's annotations)",
                text.get(1));
        assertTrue(text.stream().anyMatch(l -> l.startsWith("  delete      Job default/llm-pretrain with propagationPolicy Foreground")));
        assertTrue(text.stream().anyMatch(l -> l.startsWith("              and its 3 pods: llm-pretrain-0-")), String.join("\n", text));
        assertTrue(text.containsAll(p.diff()));
    }

    @Test
    void thePlanIsMadeFromRedactedCopiesAndTheNewObjectKeepsEveryValue() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode job = dev.flightdeck.app.secrets.SecretJobs.job("training", "llm", 2);
        com.fasterxml.jackson.databind.node.ObjectNode annotations = job.with("metadata").with("annotations");
        String applied = annotations.remove(dev.flightdeck.app.secrets.SecretObjects.LAST_APPLIED).asText();
        annotations.put("flightdeck.dev/checkpoint-uri", "s3://ckpt/llm/step-800/").put("flightdeck.dev/checkpoint-step", "800")
                .put(dev.flightdeck.app.secrets.SecretObjects.LAST_APPLIED, applied); // next to what the resume adds
        // A literal secret last in the env, right above the RESUME_FROM the plan adds: a diff's context line.
        ((com.fasterxml.jackson.databind.node.ArrayNode) job.at("/spec/template/spec/containers/0/env")).addObject()
                .put("name", "WANDB_API_KEY").put("value", dev.flightdeck.app.secrets.TestTokens.WANDB);
        ResumePlan p = ResumePlanner.plan(gang(GangSystem.INDEXED_JOB, "training", "llm", GangVerdict.HALTED, 2),
                job, List.of(), annotated(job), OptionalLong.empty(), NOW);
        String shown = String.join("\n", ResumePlanText.lines(p));
        for (String secret : dev.flightdeck.app.secrets.SecretJobs.SECRETS) {
            assertFalse(shown.contains(secret), "the plan shows a secret starting " + secret.substring(0, 4));
            assertTrue(p.after().toString().contains(secret), "the object to create keeps " + secret.substring(0, 4) + "…");
        }
        assertTrue(shown.contains("value: " + dev.flightdeck.app.secrets.SecretText.PLACEHOLDER), shown);
        assertTrue(shown.contains("not shown   the kubectl.kubernetes.io/last-applied-configuration annotation"), shown);
        assertTrue(p.after().at("/spec/template/spec/containers/0/env").toString().contains(dev.flightdeck.app.secrets.TestTokens.WANDB));
        assertEquals(applied, p.after().at("/metadata/annotations").path(dev.flightdeck.app.secrets.SecretObjects.LAST_APPLIED).asText());
    }
}
