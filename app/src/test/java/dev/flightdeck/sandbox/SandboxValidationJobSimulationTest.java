package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.actions.preflight.PreflightJobManifest;
import dev.flightdeck.app.actions.preflight.PreflightSettings;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sandbox's simulated validation-job runner and what comes with it, over real HTTP: the Job
 * controller's pod (name, labels, owner), the pods/log subresource (400 before the pod has a node,
 * text/plain with tailLines after, 404 once gone), and the garbage collector for Jobs (Background
 * deletes the pod; no policy orphans it, as batch/v1 Jobs do by default).
 */
class SandboxValidationJobSimulationTest {

    private static final String NS = "flightdeck-system";
    private static SandboxCluster sandbox;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        sandbox = dev.flightdeck.app.TestSandboxes.remembered(SandboxCluster.startQuiet(64));
        sandbox.preflightRuns().use(SandboxPreflightRuns.Timing.FAST);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static HttpResponse<String> send(String method, String path, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.url() + path)).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String createJob(String node, String name) throws Exception {
        String job = PreflightJobManifest.build(node, name, 8, PreflightSettings.DEFAULTS).toString();
        assertEquals(201, send("POST", "/apis/batch/v1/namespaces/" + NS + "/jobs", job).statusCode());
        return name;
    }

    /** Waits for the Job's pod to satisfy {@code test}, and returns it. */
    private static JsonNode podOf(String job, java.util.function.Predicate<JsonNode> test) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode items = KubeJson.MAPPER.readTree(send("GET", "/api/v1/namespaces/" + NS
                    + "/pods?labelSelector=batch.kubernetes.io/job-name%3D" + job, null).body()).path("items");
            if (!items.isEmpty() && test.test(items.get(0))) {
                return items.get(0);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the pod of " + job + " never got there");
    }

    @Test
    void theLogIsRefusedBeforeThePodHasANodeAndServedAsTextWithTailLinesAfter() throws Exception {
        String pending = createJob("gpu-node-050", "preflight-notready");
        JsonNode pod = podOf(pending, p -> p.at("/status/conditions/0/type").asText().equals("PodScheduled"));
        String name = pod.at("/metadata/name").asText();
        assertTrue(name.matches("preflight-notready-[a-z0-9]{5}"), name);
        assertEquals("Job", pod.at("/metadata/ownerReferences/0/kind").asText());
        assertEquals("flightdeck-preflight", pod.at("/metadata/labels/app.kubernetes.io~1name").asText());
        HttpResponse<String> refused = send("GET", "/api/v1/namespaces/" + NS + "/pods/" + name + "/log", null);
        assertEquals(400, refused.statusCode());
        assertTrue(refused.body().contains("pod " + name + " does not have a host assigned"), refused.body());

        String running = createJob("gpu-node-031", "preflight-running");
        String runningPod = podOf(running, p -> p.at("/status/phase").asText().equals("Running")).at("/metadata/name").asText();
        HttpResponse<String> log = send("GET", "/api/v1/namespaces/" + NS + "/pods/" + runningPod + "/log?tailLines=1", null);
        assertEquals(200, log.statusCode());
        assertTrue(log.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
        assertEquals("[GPU 0] Test PASSED\n", log.body());
        assertEquals(404, send("GET", "/api/v1/namespaces/" + NS + "/pods/no-such-pod/log", null).statusCode());
    }

    @Test
    void deletingAJobInTheBackgroundTakesItsPodAndWithoutAPolicyOrphansIt() throws Exception {
        String orphaned = createJob("gpu-node-050", "preflight-orphan");
        String orphan = podOf(orphaned, p -> true).at("/metadata/name").asText();
        assertEquals(200, send("DELETE", "/apis/batch/v1/namespaces/" + NS + "/jobs/" + orphaned, null).statusCode());
        // As with the real collector, the orphan finalizer holds the Job a moment while the pod loses its reference.
        dev.flightdeck.app.SandboxSession.eventually("the pod stays, owned by nobody", () -> {
            try {
                JsonNode left = sandbox.store().get("pods", NS, orphan);
                return left.at("/metadata/ownerReferences").isEmpty();
            } catch (Exception e) {
                return false;
            }
        });

        String collected = createJob("gpu-node-050", "preflight-collected");
        String pod = podOf(collected, p -> true).at("/metadata/name").asText();
        assertEquals(200, send("DELETE", "/apis/batch/v1/namespaces/" + NS + "/jobs/" + collected,
                "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"propagationPolicy\":\"Background\"}").statusCode());
        // Background: the Job goes at once, the collector takes its pod a moment later.
        dev.flightdeck.app.SandboxSession.eventually("the pod collected", () -> {
            try {
                return send("GET", "/api/v1/namespaces/" + NS + "/pods/" + pod, null).statusCode() == 404;
            } catch (Exception e) {
                return false;
            }
        });
    }
}
