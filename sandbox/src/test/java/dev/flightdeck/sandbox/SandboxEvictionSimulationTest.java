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
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sandbox's simulated Eviction subresource over real HTTP: a budget with no disruption to
 * spare answers 429 with the real Status shape (compared with the captured refusal); once the
 * budget allows it the pod goes, and the simulated Job controller replaces it; a vanished pod
 * is 404 and a pod under two budgets is 500, as kube-apiserver answers.
 */
class SandboxEvictionSimulationTest {

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

    private static HttpResponse<String> evict(String ns, String pod) throws Exception {
        String body = "{\"apiVersion\":\"policy/v1\",\"kind\":\"Eviction\",\"metadata\":{\"name\":\"" + pod
                + "\",\"namespace\":\"" + ns + "\"}}";
        return HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.url() + "/api/v1/namespaces/" + ns + "/pods/" + pod
                        + "/eviction")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String rank(String job, int index) throws StoreException {
        return sandbox.store().list("pods", "training", l -> job.equals(l.get("batch.kubernetes.io/job-name"))
                        && Integer.toString(index).equals(l.get("batch.kubernetes.io/job-completion-index")))
                .getFirst().path("metadata").path("name").asText();
    }

    @Test
    void aBudgetWithNothingToSpareRefusesWithTheRealStatusThenAllowsOnceRelaxed() throws Exception {
        String pod = rank("llm-pretrain", 3);
        HttpResponse<String> refused = evict("training", pod);
        assertEquals(429, refused.statusCode());
        JsonNode got = SandboxJson.MAPPER.readTree(refused.body());
        JsonNode real = SandboxJson.MAPPER.readTree(Fixtures.capture("eviction-429.json"));
        for (String field : List.of("kind", "apiVersion", "status", "message", "reason", "code")) {
            assertEquals(real.get(field), got.get(field), field);
        }
        assertEquals("DisruptionBudget", got.at("/details/causes/0/reason").asText());
        assertEquals("The disruption budget llm-pretrain needs 30 healthy pods and has 30 currently",
                got.at("/details/causes/0/message").asText());

        ObjectNode pdb = sandbox.store().get(SandboxEvictions.PDBS, "training", "llm-pretrain");
        pdb.with("spec").put("minAvailable", 29);
        sandbox.store().replace(SandboxEvictions.PDBS, "training", "llm-pretrain", pdb);
        HttpResponse<String> allowed = evict("training", pod);
        assertEquals(201, allowed.statusCode(), allowed.body());
        assertEquals("Success", SandboxJson.MAPPER.readTree(allowed.body()).path("status").asText());
        assertEquals(0, sandbox.store().get(SandboxEvictions.PDBS, "training", "llm-pretrain")
                .at("/status/disruptionsAllowed").asInt(), "the budget is spent");

        long deadline = System.nanoTime() + 10_000_000_000L;
        String replacement = pod;
        while (replacement.equals(pod) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            try {
                replacement = rank("llm-pretrain", 3);
            } catch (java.util.NoSuchElementException notYet) {
                // evicted, not yet replaced
            }
        }
        assertTrue(!replacement.equals(pod) && replacement.startsWith("llm-pretrain-3-"), replacement);
        ObjectNode r = sandbox.store().get("pods", "training", replacement);
        assertEquals("Pending", r.at("/status/phase").asText());
        assertTrue(r.at("/status/conditions/0/message").asText().contains("Insufficient nvidia.com/gpu"));
    }

    @Test
    void aVanishedPodIs404AndTwoBudgetsAre500() throws Exception {
        assertEquals(404, evict("training", "no-such-pod").statusCode());
        String pod = rank("rlhf-actor", 2);
        sandbox.store().create(SandboxEvictions.PDBS, SandboxEvictions.budget("training", "rlhf-a",
                Map.of("batch.kubernetes.io/job-name", "rlhf-actor"), 1, 15));
        sandbox.store().create(SandboxEvictions.PDBS, SandboxEvictions.budget("training", "rlhf-b",
                Map.of("batch.kubernetes.io/job-completion-index", "2"), 0, 1));
        HttpResponse<String> r = evict("training", pod);
        assertEquals(500, r.statusCode());
        assertTrue(r.body().contains("more than one PodDisruptionBudget"), r.body());
    }
}
