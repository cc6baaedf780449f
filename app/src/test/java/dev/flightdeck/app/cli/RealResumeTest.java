package dev.flightdeck.app.cli;

import dev.flightdeck.app.actions.resume.ResumeOperation;
import dev.flightdeck.app.controlplane.KubeletStandIn;
import dev.flightdeck.app.controlplane.PyTorchOperatorStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.journal.JournalEntry;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Resume from a checkpoint end to end on the real kube-apiserver: a halted Indexed Job (one rank
 * failed, not retried: backoffLimitPerIndex 0) and a halted PyTorchJob (a custom resource whose
 * pods a training-operator stand-in makes). The Foreground delete really completes through the
 * real garbage collector, the workload comes back with RESUME_FROM, and the new ranks appear;
 * the journal holds the saved original, and the server an Event on the new workload.
 */
@ExtendWith(RealKube.class)
class RealResumeTest {

    private static final String CHECKPOINT = "s3://checkpoints/rlhf/step-4200/";
    private static RealCluster real;

    @BeforeAll
    static void cluster(RealCluster cluster) {
        real = cluster;
    }

    private static Map<String, String> checkpointAnnotations() {
        return Map.of("flightdeck.dev/checkpoint-uri", CHECKPOINT, "flightdeck.dev/checkpoint-time",
                Instant.now().minusSeconds(900).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString(),
                "flightdeck.dev/checkpoint-step", "4200");
    }

    /** Two Ready 8-GPU nodes labelled for this test, so its ranks land on them and nowhere else. */
    private static void nodesFor(String ns) {
        for (int i = 0; i < 2; i++) {
            real.kubelet().registerGpuNode(RealCluster.unique(ns + "-node"), 8, Map.of("flightdeck-test", ns));
        }
    }

    private static ActCommandTest.Run resume(String ref, String confirm) throws Exception {
        return ActCommandTest.against(real.plane().adminKubeconfig(), "resume", ref, "--confirm", confirm);
    }

    private static List<Event> events(String ns, String reason) {
        return real.admin().v1().events().inNamespace(ns).withField("reason", reason).list().getItems();
    }

    @Test
    void aHaltedIndexedJobIsRecreatedFromItsCheckpoint() throws Exception {
        String ns = real.namespace("resume-job");
        nodesFor(ns);
        Job job = real.admin().batch().v1().jobs().inNamespace(ns).resource(new JobBuilder().withNewMetadata().withName("rlhf")
                .withAnnotations(checkpointAnnotations()).endMetadata().withNewSpec().withCompletionMode("Indexed")
                .withCompletions(2).withParallelism(2).withBackoffLimitPerIndex(0).withNewTemplate().withNewMetadata()
                .withAnnotations(checkpointAnnotations()).endMetadata().withNewSpec().withRestartPolicy("Never")
                .withNodeSelector(Map.of("flightdeck-test", ns)).addNewContainer().withName("trainer").withImage("trainer:1")
                .withNewResources().withLimits(Map.of("nvidia.com/gpu", new Quantity("8"))).endResources().endContainer()
                .endSpec().endTemplate().endSpec().build()).create();
        String firstUid = job.getMetadata().getUid();
        real.kubelet().script(p -> firstUid.equals(p.getMetadata().getLabels().get("batch.kubernetes.io/controller-uid"))
                && "1".equals(p.getMetadata().getLabels().get("batch.kubernetes.io/job-completion-index"))
                ? KubeletStandIn.Script.exit(1, "NCCL error: unhandled system error\n") : null);
        awaitPods(ns, "batch.kubernetes.io/job-name", "rlhf", List.of("Failed", "Running"));

        Instant t0 = Instant.now();
        ActCommandTest.Run r = resume(ns + "/rlhf", "rlhf");
        assertEquals(0, r.exit(), r.out() + "\n" + r.err());
        Job again = real.admin().batch().v1().jobs().inNamespace(ns).withName("rlhf").get();
        assertNotEquals(firstUid, again.getMetadata().getUid(), "a new Job, not the old one");
        List<EnvVar> env = again.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv();
        assertTrue(env.stream().anyMatch(e -> e.getName().equals("RESUME_FROM") && e.getValue().equals(CHECKPOINT)), env.toString());
        awaitPods(ns, "batch.kubernetes.io/job-name", "rlhf", List.of("Running", "Running"));
        assertSavedAndEvent(t0, ns, "rlhf", "Job", again.getMetadata().getUid());
    }

    @Test
    void aHaltedPyTorchJobCustomResourceIsRecreatedFromItsCheckpoint() throws Exception {
        String ns = real.namespace("resume-pytorch");
        nodesFor(ns);
        try (PyTorchOperatorStandIn operator = new PyTorchOperatorStandIn(real, ns)) {
            GenericKubernetesResource created = real.admin().genericKubernetesResources(PyTorchOperatorStandIn.PYTORCHJOBS)
                    .inNamespace(ns).resource(Serialization.unmarshal("""
                            {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob",
                             "metadata":{"name":"llama-sft","annotations":%s},
                             "spec":{"pytorchReplicaSpecs":{
                              "Master":{"replicas":1,"restartPolicy":"Never","template":%s},
                              "Worker":{"replicas":1,"restartPolicy":"Never","template":%s}}}}"""
                            .formatted(Serialization.asJson(checkpointAnnotations()), template(ns), template(ns)),
                            GenericKubernetesResource.class)).create();
            String firstUid = created.getMetadata().getUid();
            real.kubelet().script(p -> p.getMetadata().getName().equals("llama-sft-worker-0")
                    && p.getMetadata().getOwnerReferences().getFirst().getUid().equals(firstUid)
                    ? KubeletStandIn.Script.exit(1, "RuntimeError: NCCL communicator was aborted\n") : null);
            awaitPods(ns, "training.kubeflow.org/job-name", "llama-sft", List.of("Failed", "Running"));

            Instant t0 = Instant.now();
            ActCommandTest.Run r = resume(ns + "/llama-sft", "llama-sft");
            assertEquals(0, r.exit(), r.out() + "\n" + r.err());
            GenericKubernetesResource again = real.admin().genericKubernetesResources(PyTorchOperatorStandIn.PYTORCHJOBS)
                    .inNamespace(ns).withName("llama-sft").get();
            assertNotEquals(firstUid, again.getMetadata().getUid());
            assertTrue(Serialization.asJson(again.getAdditionalProperties().get("spec")).contains(CHECKPOINT));
            awaitPods(ns, "training.kubeflow.org/job-name", "llama-sft", List.of("Running", "Running"));
            assertSavedAndEvent(t0, ns, "llama-sft", "PyTorchJob", again.getMetadata().getUid());
        }
    }

    private static String template(String ns) {
        return """
                {"metadata":{"annotations":%s},"spec":{"nodeSelector":{"flightdeck-test":"%s"},
                 "containers":[{"name":"pytorch","image":"trainer:1","resources":{"limits":{"nvidia.com/gpu":"8"}}}]}}"""
                .formatted(Serialization.asJson(checkpointAnnotations()), ns);
    }

    /** The journal saved the whole original before the delete; the server holds a FlightdeckResume Event on the new one. */
    private static void assertSavedAndEvent(Instant t0, String ns, String name, String kind, String newUid) throws Exception {
        List<JournalEntry> journal = ActCommandTest.journal(t0, "gang/" + ns + "/" + name);
        assertTrue(journal.stream().anyMatch(j -> j.message().startsWith("saved ") && j.details().toString().contains(kind)),
                "the original is in the journal: " + journal.stream().map(JournalEntry::message).toList());
        assertEquals("outcome", journal.getLast().phase());
        Event e = events(ns, ResumeOperation.EVENT_REASON).getFirst();
        assertEquals(kind, e.getInvolvedObject().getKind());
        assertEquals(newUid, e.getInvolvedObject().getUid());
    }

    /** Waits until the workload's pods have these phases (in any order). */
    private static void awaitPods(String ns, String label, String name, List<String> phases) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<String> seen = List.of();
        while (System.nanoTime() < deadline) {
            seen = real.admin().pods().inNamespace(ns).withLabel(label, name).list().getItems().stream()
                    .filter(p -> p.getMetadata().getDeletionTimestamp() == null).map(Pod::getStatus)
                    .map(s -> s.getPhase()).sorted().toList();
            if (seen.equals(phases.stream().sorted().toList())) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("pods of " + ns + "/" + name + " are " + seen + ", not " + phases);
    }
}
