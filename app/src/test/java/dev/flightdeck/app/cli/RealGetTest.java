package dev.flightdeck.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.flightdeck.app.controlplane.PyTorchOperatorStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealGangs;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.secrets.SecretObjects;
import dev.flightdeck.app.secrets.SecretText;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.testkit.TestSecrets;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code flightdeck get} against the real kube-apiserver 1.32, through the headless entry point (so through the
 * redaction boundary too): kubectl's spellings resolved from the server's discovery (a node, a pod, an Indexed Job,
 * the PyTorchJob CRD), what is printed read back and compared with what the server returns, a Secret refused with
 * no connection made, and an unknown kind, a missing object and an RBAC refusal in one line each.
 */
@ExtendWith(RealKube.class)
class RealGetTest {

    private static final String TOKEN = TestSecrets.remember("hf_" + "RealGetTokenNeverPrinted0123456789ab");
    private static final String PASSWORD = TestSecrets.remember("registry-password-" + "never-fetched-7d1c");

    private static RealCluster real;
    private static String ns;
    private static String node;

    record Run(int exit, String out, String err) {
    }

    @BeforeAll
    static void cluster(RealCluster cluster) throws Exception {
        real = cluster;
        ns = real.namespace("get");
        node = RealCluster.unique("get-node");
        real.kubelet().registerGpuNode(node, 8, Map.of());
        // A rank's pod no node will take (so nothing changes it once the scheduler has said so), with a literal
        // token and a key from a Secret.
        real.admin().pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName("rank-3")
                .addToLabels("training.kubeflow.org/replica-index", "3").endMetadata().withNewSpec()
                .withRestartPolicy("Never").withNodeSelector(Map.of("flightdeck-test", "nowhere")).addNewContainer()
                .withName("trainer").withImage("nvcr.io/nvidia/pytorch:24.05-py3")
                .addNewEnv().withName("HF_TOKEN").withValue(TOKEN).endEnv()
                .addNewEnv().withName("WANDB_API_KEY").withNewValueFrom().withNewSecretKeyRef().withName("wandb")
                .withKey("api-key").endSecretKeyRef().endValueFrom().endEnv()
                .addNewEnv().withName("MASTER_PORT").withValue("29500").endEnv()
                .withNewResources().withLimits(Map.of("nvidia.com/gpu", new Quantity("8"))).endResources()
                .endContainer().endSpec().build()).create();
        real.admin().pods().inNamespace(ns).withName("rank-3").waitUntilCondition(p -> p.getStatus() != null
                && p.getStatus().getConditions().stream().anyMatch(c -> c.getType().equals("PodScheduled")), 30, TimeUnit.SECONDS);
        RealGangs.indexedJob(real, ns, "pretrain", 1, false);
        PyTorchOperatorStandIn.installCrd(real); // the CRD only: nothing reconciles the job, so it stays as created
        real.admin().genericKubernetesResources(PyTorchOperatorStandIn.PYTORCHJOBS).inNamespace(ns)
                .resource(Serialization.unmarshal("""
                        {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"llm"},
                         "spec":{"pytorchReplicaSpecs":{"Worker":{"replicas":2,"template":{"spec":{"containers":[
                          {"name":"pytorch","image":"nvcr.io/nvidia/pytorch:24.05-py3"}]}}}}}}""",
                        GenericKubernetesResource.class)).create();
        real.admin().secrets().inNamespace(ns).resource(new SecretBuilder().withNewMetadata().withName("registry-creds")
                .endMetadata().addToStringData("password", PASSWORD).build()).create();
    }

    private static Run get(Path kubeconfig, String... args) {
        String[] all = Stream.concat(Stream.concat(Stream.of("get"), Stream.of(args)),
                Stream.of("--kubeconfig", kubeconfig.toString())).toArray(String[]::new);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Headless.run(all, Map.of("HOME", System.getProperty("java.io.tmpdir")),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        Run r = new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertFalse(r.out().contains(TOKEN) || r.err().contains(TOKEN) || r.out().contains(PASSWORD), r.toString());
        return r;
    }

    private static Run get(String... args) {
        return get(real.plane().adminKubeconfig(), args);
    }

    private static JsonNode yaml(String text) throws Exception {
        return new YAMLMapper().readTree(text);
    }

    /** The object as the real server returns it now, as the console shows it (redacted, managedFields left out). */
    private static JsonNode server(String path) throws Exception {
        return SecretObjects.forDisplay(KubeJson.MAPPER.readTree(real.plane().adminGet(path).body())).object();
    }

    private static final Comparator<JsonNode> NUMBERS_BY_VALUE = (a, b) -> a.equals(b) ? 0
            : a.isNumber() && b.isNumber() && a.decimalValue().compareTo(b.decimalValue()) == 0 ? 0 : 1;

    /** What {@code get} printed is what the server returns, read at the same resourceVersion (read again until so). */
    private static void printsWhatTheServerReturns(String path, String... args) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            Run r = get(args);
            assertEquals(0, r.exit(), r.err());
            JsonNode printed = yaml(r.out());
            JsonNode truth = server(path);
            String printedVersion = printed.at("/metadata/resourceVersion").asText();
            if (printedVersion.equals(truth.at("/metadata/resourceVersion").asText()) || System.nanoTime() > deadline) {
                assertTrue(truth.equals(NUMBERS_BY_VALUE, printed), "printed:\n" + r.out() + "\nserver:\n" + truth);
                return;
            }
        }
    }

    @Test
    void aPodByItsShortNameWithItsTokenRedactedAndItsSecretKeyRefKept() throws Exception {
        Run r = get("po/rank-3", "-n", ns);
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("# managedFields left out", lines.get(0));
        assertEquals("# 1 secret value redacted: spec.containers[trainer].env[HF_TOKEN]", lines.get(1));
        assertEquals("apiVersion: v1", lines.get(2));
        int hf = lines.indexOf("    - name: HF_TOKEN");
        assertEquals("      value: " + SecretText.PLACEHOLDER, lines.get(hf + 1));
        int wandb = lines.indexOf("    - name: WANDB_API_KEY");
        assertEquals(List.of("      valueFrom:", "        secretKeyRef:", "          key: api-key", "          name: wandb"),
                lines.subList(wandb + 1, wandb + 5));
        assertTrue(lines.contains("      value: \"29500\""), r.out());
        assertFalse(r.out().contains("managedFields:"));
        printsWhatTheServerReturns("/api/v1/namespaces/" + ns + "/pods/rank-3", "pods/rank-3", "-n", ns);
        printsWhatTheServerReturns("/api/v1/namespaces/" + ns + "/pods/rank-3", "Pod", "rank-3", "-n", ns);
    }

    @Test
    void aNodeByEachOfItsNames() throws Exception {
        String uid = real.admin().nodes().withName(node).get().getMetadata().getUid();
        for (String kind : List.of("node", "Node", "no", "nodes", "nodes.v1.")) {
            Run r = get(kind + "/" + node, "-n", "ignored-for-a-node");
            assertEquals(0, r.exit(), kind + ": " + r.err());
            JsonNode printed = yaml(r.out());
            assertEquals(uid, printed.at("/metadata/uid").asText(), kind);
            assertEquals("Node", printed.path("kind").asText());
            assertEquals(real.admin().nodes().withName(node).get().getMetadata().getLabels().get("nvidia.com/gpu.product"),
                    printed.at("/metadata/labels/nvidia.com~1gpu.product").asText());
        }
    }

    @Test
    void anIndexedJobByGroupAndVersionQualifiedNames() throws Exception {
        String uid = real.admin().batch().v1().jobs().inNamespace(ns).withName("pretrain").get().getMetadata().getUid();
        for (String kind : List.of("jobs.batch", "jobs.v1.batch", "job", "Job")) {
            Run r = get(kind + "/pretrain", "-n", ns);
            assertEquals(0, r.exit(), kind + ": " + r.err());
            JsonNode printed = yaml(r.out());
            assertEquals(uid, printed.at("/metadata/uid").asText(), kind);
            assertEquals("Indexed", printed.at("/spec/completionMode").asText());
            assertEquals(server("/apis/batch/v1/namespaces/" + ns + "/jobs/pretrain").path("spec"), printed.path("spec"));
        }
    }

    @Test
    void aPyTorchJobFromItsCrdAsJsonToo() throws Exception {
        String path = "/apis/kubeflow.org/v1/namespaces/" + ns + "/pytorchjobs/llm";
        printsWhatTheServerReturns(path, "PyTorchJob/llm", "-n", ns);
        printsWhatTheServerReturns(path, "pytorchjobs.kubeflow.org/llm", "-n", ns);
        Run json = get("pytorchjob/llm", "-n", ns, "-o", "json");
        assertEquals(0, json.exit(), json.err());
        assertTrue(json.out().startsWith("{\n    \"apiVersion\": \"kubeflow.org/v1\",\n    \"kind\": \"PyTorchJob\",\n"), json.out());
        assertTrue(server(path).equals(NUMBERS_BY_VALUE, KubeJson.MAPPER.readTree(json.out())), json.out());
        assertEquals("flightdeck: managedFields left out\n", json.err(), "notes beside, so stdout stays JSON");
    }

    @Test
    void aNamespacedKindWithoutNUsesTheContextsNamespaceElseDefault() throws Exception {
        Run inDefault = get("po/rank-3");
        assertEquals(3, inDefault.exit(), inDefault.out());
        assertEquals("flightdeck: get po/rank-3: pods \"rank-3\" not found in namespace default\n", inDefault.err());
        Path withNamespace = Files.createTempFile("get-ns", ".kubeconfig");
        String admin = Files.readString(real.plane().adminKubeconfig());
        Files.writeString(withNamespace, admin.replace("    user: real\ncurrent-context",
                "    user: real\n    namespace: " + ns + "\ncurrent-context"));
        // (the kubeconfig holds the admin token: it is checked, never printed)
        assertTrue(Files.readString(withNamespace).contains("namespace: " + ns), "the context names its namespace");
        Run r = get(withNamespace, "po", "rank-3");
        assertEquals(0, r.exit(), r.err());
        assertEquals(ns, yaml(r.out()).at("/metadata/namespace").asText());
    }

    @Test
    void aSecretIsRefusedInWordsWithNoConnectionMade() throws Exception {
        try (CountingForwarder forwarder = new CountingForwarder(real.plane().server())) {
            Path through = forwarder.kubeconfig(real.plane().adminKubeconfig(), real.plane().server());
            Run shown = get(through, "po/rank-3", "-n", ns);
            assertEquals(0, shown.exit(), shown.err());
            int afterAGet = forwarder.connections();
            assertTrue(afterAGet > 0, "the forwarder carries the console's requests");
            for (String kind : List.of("secret", "secrets", "Secret", "SECRETS", "secrets.v1.", "secret.v1")) {
                Run r = get(through, kind + "/registry-creds", "-n", ns);
                assertEquals(4, r.exit(), kind + ": " + r.err());
                assertEquals("flightdeck: get " + kind + "/registry-creds: Flightdeck never reads Secret objects (their "
                        + "values would reach the screen): not fetching " + kind + "/registry-creds; the workloads that use "
                        + "it name it in their secretKeyRef, envFrom and volumes\n", r.err());
                assertEquals("", r.out());
            }
            Run twoWords = get(through, "secret", "registry-creds", "-n", ns);
            assertEquals(4, twoWords.exit(), twoWords.err());
            assertEquals(afterAGet, forwarder.connections(), "no connection at all for a Secret");
        }
        assertTrue(real.admin().secrets().inNamespace(ns).withName("registry-creds").get() != null, "it exists");
    }

    @Test
    void anUnknownKindListsNearMatchesFromTheServersDiscovery() {
        Run r = get("pytorchjbo/llm", "-n", ns);
        assertEquals(2, r.exit(), r.out());
        assertEquals("flightdeck: get pytorchjbo/llm: the server has no resource type \"pytorchjbo\"; did you mean "
                + "pytorchjobs.kubeflow.org?\n", r.err());
        Run none = get("gizmos/x");
        assertEquals(2, none.exit());
        assertEquals("flightdeck: get gizmos/x: the server has no resource type \"gizmos\"\n", none.err());
    }

    @Test
    void notFoundAndForbiddenAreTheServersWordsInOneLine() {
        Run missing = get("jobs.batch/nope", "-n", ns);
        assertEquals(3, missing.exit());
        assertEquals("flightdeck: get jobs.batch/nope: jobs.batch \"nope\" not found in namespace " + ns + "\n", missing.err());
        Run missingNode = get("node/no-such-node");
        assertEquals(3, missingNode.exit());
        assertEquals("flightdeck: get node/no-such-node: nodes \"no-such-node\" not found\n", missingNode.err());
        // A user RBAC gives nothing: discovery is open to every authenticated user, the pod is not.
        Run forbidden = get(real.plane().kubeconfigFor("get-nobody"), "po/rank-3", "-n", ns);
        assertEquals(4, forbidden.exit(), forbidden.out());
        assertEquals("flightdeck: get po/rank-3: pods \"rank-3\" is forbidden: User \"get-nobody\" cannot get resource "
                + "\"pods\" in API group \"\" in the namespace \"" + ns + "\"\n", forbidden.err());
    }
}
