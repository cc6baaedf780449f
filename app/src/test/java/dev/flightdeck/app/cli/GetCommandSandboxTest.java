package dev.flightdeck.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code flightdeck get} on the sandbox, as a runbook or a drill's responder runs it (a kubeconfig whose context
 * names namespace {@code training}): the sandbox's discovery resolves kubectl's spellings as the real server's does,
 * and a Secret is refused before anything is read or sent.
 */
class GetCommandSandboxTest {

    private static SandboxCluster sandbox;
    private static Path kubeconfig;

    @BeforeAll
    static void start() throws Exception {
        sandbox = TestSandboxes.remembered(SandboxCluster.start(8));
        kubeconfig = Files.createTempFile("sandbox-get", ".kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: sandbox
                  cluster:
                    server: %s
                contexts:
                - name: sandbox
                  context:
                    cluster: sandbox
                    user: sre
                    namespace: training
                current-context: sandbox
                users:
                - name: sre
                  user: {}
                """.formatted(sandbox.url()));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    record Run(int exit, String out, String err) {
    }

    static Run get(Path kubeconfig, String... args) {
        List<String> all = Stream.concat(Stream.concat(Stream.of("get"), Stream.of(args)),
                kubeconfig == null ? Stream.of() : Stream.of("--kubeconfig", kubeconfig.toString())).toList();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Headless.run(all.toArray(String[]::new), Map.of("HOME", System.getProperty("java.io.tmpdir")),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Run get(String... args) {
        return get(kubeconfig, args);
    }

    /** The first object the sandbox lists at {@code path} (read the way a client reads it, not through get). */
    private static JsonNode first(String path) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(sandbox.url() + path))
                .build(), HttpResponse.BodyHandlers.ofString());
        JsonNode items = KubeJson.MAPPER.readTree(r.body()).path("items");
        assertTrue(items.size() > 0, "the sandbox lists " + path);
        return items.get(0);
    }

    private static JsonNode yaml(Run r) throws Exception {
        assertEquals(0, r.exit(), r.err());
        return new YAMLMapper().readTree(r.out());
    }

    @Test
    void kubectlsSpellingsResolveOnTheSandboxToo() throws Exception {
        assertEquals("gpu-node-003", yaml(get("no/gpu-node-003")).at("/metadata/name").asText());
        JsonNode pod = first("/api/v1/namespaces/training/pods");
        String name = pod.at("/metadata/name").asText();
        JsonNode printed = yaml(get("po", name));
        assertEquals(pod.at("/metadata/uid"), printed.at("/metadata/uid"), "found in the context's namespace");
        JsonNode job = first("/apis/batch/v1/namespaces/training/jobs");
        assertEquals(job.at("/metadata/uid"), yaml(get("jobs.batch/" + job.at("/metadata/name").asText())).at("/metadata/uid"));
        JsonNode pdb = first("/apis/policy/v1/namespaces/training/poddisruptionbudgets");
        assertEquals(pdb.at("/metadata/uid"), yaml(get("pdb/" + pdb.at("/metadata/name").asText())).at("/metadata/uid"));
        // An 8-node sandbox seeds no PyTorchJob: one is created as a user would, through its API.
        HttpResponse<String> created = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(sandbox.url()
                + "/apis/kubeflow.org/v1/namespaces/research/pytorchjobs")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"llm"},
                         "spec":{"pytorchReplicaSpecs":{"Worker":{"replicas":2}}}}""")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, created.statusCode(), created.body());
        JsonNode pytorch = first("/apis/kubeflow.org/v1/pytorchjobs");
        JsonNode shown = yaml(get("PyTorchJob/" + pytorch.at("/metadata/name").asText(), "-n",
                pytorch.at("/metadata/namespace").asText()));
        assertEquals(pytorch.at("/metadata/uid"), shown.at("/metadata/uid"));
        assertEquals(pytorch.path("spec"), shown.path("spec"));
    }

    @Test
    void aSecretIsRefusedBeforeTheKubeconfigIsReadOrAnythingSent() throws Exception {
        try (CountingForwarder nothing = new CountingForwarder(null)) {
            Path counted = nothing.kubeconfig(kubeconfig, sandbox.url());
            Run r = get(counted, "secrets/registry-creds");
            assertEquals(4, r.exit());
            assertTrue(r.err().startsWith("flightdeck: get secrets/registry-creds: Flightdeck never reads Secret objects"),
                    r.err());
            Run noKubeconfig = get(Path.of("/nonexistent/kubeconfig"), "Secret", "registry-creds");
            assertEquals(4, noKubeconfig.exit(), noKubeconfig.err());
            assertEquals(0, nothing.connections());
            Run aNode = get(counted, "node/gpu-node-000");
            assertEquals(3, aNode.exit(), "the count-only listener answers nothing: " + aNode.err());
            assertTrue(nothing.connections() > 0, "and it did count the connection");
        }
    }

    @Test
    void unknownKindAndNotFound() {
        Run typo = get("podz/x");
        assertEquals(2, typo.exit());
        assertEquals("flightdeck: get podz/x: the server has no resource type \"podz\"; did you mean pods?\n", typo.err());
        Run missing = get("po/nope");
        assertEquals(3, missing.exit());
        assertEquals("flightdeck: get po/nope: pods \"nope\" not found in namespace training\n", missing.err());
    }

    @Test
    void theSandboxFlagStartsOneAsTheOtherCommandsDo() throws Exception {
        Run r = get((Path) null, "node/gpu-node-004", "--sandbox", "--sandbox-nodes", "8");
        assertEquals("flightdeck: using the embedded sandbox cluster: asked for with --sandbox\n", r.err());
        assertEquals("gpu-node-004", yaml(r).at("/metadata/name").asText());
    }
}
