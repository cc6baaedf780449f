package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.actions.drain.EvictionApi;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Eviction subresource as a drain uses it, with PodDisruptionBudgets whose status the real
 * disruption controller computes: a budget that allows no disruption answers 429 with its words
 * and the budget named in the causes; one that allows it answers 201 and the pod goes (a
 * DisruptionTarget condition first); two budgets over one pod answer 500; a pod that is gone 404.
 * The budget's status as a plan reads it is compared once it has settled.
 */
class EvictionConformanceTest extends Conformance {

    /** Two Running and Ready pods labelled app=ranks on a fresh GPU node, and a budget over them. */
    private static String ranksWithBudget(ApiSide side, String minAvailable) throws Exception {
        String ns = side.namespace("evict");
        String node = side.gpuNode("evict", Map.of());
        for (String p : List.of("rank-0", "rank-1")) {
            side.create("/api/v1/namespaces/" + ns + "/pods", pod(p, node, Map.of("app", "ranks")));
            side.running(ns, p);
        }
        side.create("/apis/policy/v1/namespaces/" + ns + "/poddisruptionbudgets", budget("ranks", minAvailable));
        settled(side, ns, "ranks", 2);
        return ns;
    }

    private static Map<String, Object> budget(String name, String minAvailable) {
        return Map.of("apiVersion", "policy/v1", "kind", "PodDisruptionBudget", "metadata", Map.of("name", name),
                "spec", Map.of("minAvailable", Integer.parseInt(minAvailable), "selector", Map.of("matchLabels", Map.of("app", "ranks"))));
    }

    /** Waits until the budget's status counts {@code healthy} pods for its current generation. */
    private static JsonNode settled(ApiSide side, String ns, String pdb, int healthy) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        JsonNode b = null;
        while (System.nanoTime() < deadline) {
            b = side.rest().get("/apis/policy/v1/namespaces/" + ns + "/poddisruptionbudgets/" + pdb).json();
            if (b.at("/status/observedGeneration").asLong(-1) == b.at("/metadata/generation").asLong()
                    && b.at("/status/currentHealthy").asInt(-1) == healthy) {
                return b;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(side.name() + ": budget " + ns + "/" + pdb + " never settled: " + b);
    }

    private static KubeRest.Answer evict(ApiSide side, String ns, String pod) throws Exception {
        return side.rest().post("/api/v1/namespaces/" + ns + "/pods/" + pod + "/eviction", Map.of(
                "apiVersion", "policy/v1", "kind", "Eviction", "metadata", Map.of("name", pod, "namespace", ns)));
    }

    @Test
    void aBudgetThatAllowsNoDisruptionRefusesWith429AndItsWords() throws Exception {
        List<String> truth = same("eviction refused by a budget", side -> {
            String ns = ranksWithBudget(side, "2");
            JsonNode status = side.rest().get("/apis/policy/v1/namespaces/" + ns + "/poddisruptionbudgets/ranks").json()
                    .path("status");
            KubeRest.Answer a = evict(side, ns, "rank-0");
            JsonNode body = a.json();
            return List.of("budget: currentHealthy " + status.path("currentHealthy") + ", desiredHealthy "
                            + status.path("desiredHealthy") + ", disruptionsAllowed " + status.path("disruptionsAllowed")
                            + ", expectedPods " + status.path("expectedPods"),
                    "HTTP " + a.code() + " " + body.path("reason").asText() + ": " + body.path("message").asText(),
                    "cause " + body.at("/details/causes/0/reason").asText() + ": " + body.at("/details/causes/0/message").asText());
        });
        assertEquals(List.of("budget: currentHealthy 2, desiredHealthy 2, disruptionsAllowed 0, expectedPods 2",
                "HTTP 429 TooManyRequests: Cannot evict pod as it would violate the pod's disruption budget.",
                "cause DisruptionBudget: The disruption budget ranks needs 2 healthy pods and has 2 currently"), truth);
    }

    @Test
    void aBudgetThatAllowsItLetsThePodGo() throws Exception {
        List<String> truth = same("eviction allowed by a budget", side -> {
            String ns = ranksWithBudget(side, "1");
            KubeRest.Answer a = evict(side, ns, "rank-0");
            JsonNode body = a.json();
            List<String> out = new ArrayList<>(List.of("HTTP " + a.code() + " " + body.path("kind").asText() + " "
                    + body.path("status").asText()));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (side.rest().get("/api/v1/namespaces/" + ns + "/pods/rank-0").code() != 404 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            out.add("pod afterwards: HTTP " + side.rest().get("/api/v1/namespaces/" + ns + "/pods/rank-0").code());
            out.add("again: " + Refusal.of(evict(side, ns, "rank-0")));
            return out;
        });
        assertEquals(List.of("HTTP 201 Status Success", "pod afterwards: HTTP 404",
                "again: Refusal[code=404, reason=NotFound, message=pods \"rank-0\" not found]"), truth);
    }

    @Test
    void twoBudgetsOverOnePodAre500() throws Exception {
        Refusal truth = same("eviction with two budgets", side -> {
            String ns = ranksWithBudget(side, "1");
            side.create("/apis/policy/v1/namespaces/" + ns + "/poddisruptionbudgets", Map.of("apiVersion", "policy/v1",
                    "kind", "PodDisruptionBudget", "metadata", Map.of("name", "second"), "spec", Map.of("maxUnavailable", 1,
                            "selector", Map.of("matchLabels", Map.of("app", "ranks")))));
            settled(side, ns, "second", 2);
            return Refusal.of(evict(side, ns, "rank-1"));
        });
        assertEquals(new Refusal(500, "",
                "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."), truth);
    }

    @Test
    void discoveryOffersPolicyV1EvictionOnly() throws Exception {
        EvictionApi truth = same("which Eviction API the drain posts", side -> EvictionApi.of(side.rest()));
        assertEquals(EvictionApi.POLICY_V1, truth);
    }
}
