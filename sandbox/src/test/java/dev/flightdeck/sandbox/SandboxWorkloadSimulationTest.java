package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sandbox's simulated gang controllers, garbage collector and admission over real HTTP:
 * a Foreground delete keeps the workload until its pods are gone; recreating it brings its pods
 * back with the labels the real controllers set, on the nodes the old ones used; a simulated
 * webhook denial is 403 in kube-apiserver's words; a stale UID precondition is 409.
 */
class SandboxWorkloadSimulationTest {

    private static final String JOBSETS = "/apis/jobset.x-k8s.io/v1alpha2/namespaces/research/jobsets";
    private static final String PYTORCHJOBS = "/apis/kubeflow.org/v1/namespaces/research/pytorchjobs";
    private static SandboxCluster sandbox;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        sandbox = SandboxCluster.startQuiet(64);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static HttpResponse<String> send(String method, String path, Object body) throws Exception {
        String json = body == null ? "" : SandboxJson.MAPPER.writeValueAsString(body);
        return HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.url() + path)).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<ObjectNode> pods(String label, String value) throws StoreException {
        return sandbox.store().list("pods", "research", l -> value.equals(l.get(label)));
    }

    private static void eventually(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(50);
        }
    }

    private static BooleanSupplier quietly(java.util.concurrent.Callable<Boolean> c) {
        return () -> {
            try {
                return c.call();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** Rank (job-global-index) → node. */
    private static Map<String, String> nodesByRank(List<ObjectNode> pods) {
        Map<String, String> out = new TreeMap<>();
        pods.forEach(p -> out.put(p.at("/metadata/labels/jobset.sigs.k8s.io~1job-global-index").asText(), p.at("/spec/nodeName").asText()));
        return out;
    }

    @Test
    void foregroundDeleteTakesTheJobSetsPodsFirstAndRecreatingItPutsRanksBackWhereTheyRan() throws Exception {
        ObjectNode original = (ObjectNode) SandboxJson.MAPPER.readTree(send("GET", JOBSETS + "/vision-pretrain", null).body());
        Map<String, String> before = nodesByRank(pods("jobset.sigs.k8s.io/jobset-name", "vision-pretrain"));
        assertEquals(2, before.size());

        HttpResponse<String> del = send("DELETE", JOBSETS + "/vision-pretrain", Map.of("propagationPolicy", "Foreground"));
        assertEquals(200, del.statusCode(), del.body());
        JsonNode marked = SandboxJson.MAPPER.readTree(del.body());
        assertTrue(marked.at("/metadata/deletionTimestamp").isTextual());
        assertEquals("foregroundDeletion", marked.at("/metadata/finalizers/0").asText());
        eventually("the JobSet gone", quietly(() -> send("GET", JOBSETS + "/vision-pretrain", null).statusCode() == 404));
        assertTrue(pods("jobset.sigs.k8s.io/jobset-name", "vision-pretrain").isEmpty(), "its pods went before it");

        ObjectNode again = original.deepCopy();
        again.remove("status");
        again.with("metadata").remove(List.of("uid", "resourceVersion", "creationTimestamp"));
        assertEquals(201, send("POST", JOBSETS, again).statusCode());
        eventually("two ranks", quietly(() -> pods("jobset.sigs.k8s.io/jobset-name", "vision-pretrain").size() == 2));
        List<ObjectNode> ranks = pods("jobset.sigs.k8s.io/jobset-name", "vision-pretrain");
        assertEquals(before, nodesByRank(ranks), "each rank back on its node");
        for (ObjectNode p : ranks) {
            assertEquals("Running", p.at("/status/phase").asText());
            assertEquals("workers", p.at("/metadata/labels/jobset.sigs.k8s.io~1replicatedjob-name").asText());
            assertEquals("0", p.at("/metadata/labels/batch.kubernetes.io~1job-completion-index").asText());
            String job = p.at("/metadata/ownerReferences/0/name").asText();
            ObjectNode owner = sandbox.store().get("batch/jobs", "research", job);
            assertEquals(owner.at("/metadata/uid").asText(), p.at("/metadata/labels/batch.kubernetes.io~1controller-uid").asText());
            assertEquals("JobSet", owner.at("/metadata/ownerReferences/0/kind").asText());
        }
    }

    @Test
    void theSimulatedWebhookDeniesWithKubeApiserversWordsThenAdmitsAndTheOperatorMakesPods() throws Exception {
        ObjectNode job = (ObjectNode) SandboxJson.MAPPER.readTree("""
                {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"tiny","namespace":"research"},
                 "spec":{"pytorchReplicaSpecs":{
                   "Master":{"replicas":1,"template":{"spec":{"containers":[{"name":"pytorch","image":"x"}]}}},
                   "Worker":{"replicas":2,"template":{"spec":{"containers":[{"name":"pytorch","image":"x"}]}}}}}}""");
        sandbox.workloads().admission().denyCreates("kubeflow.org/pytorchjobs", "research", "tiny", 1, "no quota for team-a");
        HttpResponse<String> denied = send("POST", PYTORCHJOBS, job);
        assertEquals(403, denied.statusCode());
        assertEquals("admission webhook \"sandbox-admission.flightdeck.dev\" denied the request: no quota for team-a",
                SandboxJson.MAPPER.readTree(denied.body()).path("message").asText());
        assertEquals(201, send("POST", PYTORCHJOBS, job).statusCode());
        eventually("three ranks", quietly(() -> pods("training.kubeflow.org/job-name", "tiny").size() == 3));
        Map<String, String> types = new TreeMap<>();
        for (ObjectNode p : pods("training.kubeflow.org/job-name", "tiny")) {
            types.put(p.at("/metadata/name").asText(), p.at("/metadata/labels/training.kubeflow.org~1replica-type").asText()
                    + "/" + p.at("/metadata/labels/training.kubeflow.org~1replica-index").asText() + "/" + p.at("/status/phase").asText());
        }
        assertEquals(Map.of("tiny-master-0", "master/0/Pending", "tiny-worker-0", "worker/0/Pending",
                "tiny-worker-1", "worker/1/Pending"), types, "never ran before: no node to go back to");
    }

    @Test
    void aStaleUidPreconditionIsAConflictAndDeletesNothing() throws Exception {
        HttpResponse<String> r = send("DELETE", "/apis/kubeflow.org/v2beta1/namespaces/research/mpijobs/bert-large",
                Map.of("propagationPolicy", "Foreground", "preconditions", Map.of("uid", "not-the-uid")));
        assertEquals(409, r.statusCode());
        assertTrue(SandboxJson.MAPPER.readTree(r.body()).path("message").asText().contains("the UID in the precondition (not-the-uid) does not match the UID in record"), "the real server's words");
        assertEquals(3, pods("training.kubeflow.org/job-name", "bert-large").size());
    }
}
