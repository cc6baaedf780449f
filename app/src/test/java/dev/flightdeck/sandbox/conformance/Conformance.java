package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The sandbox conformance suite's footing: every scenario runs first on the real kube-apiserver
 * (the truth), then on the sandbox, and what the sandbox observed must equal what the real server
 * did. Where the two differ on purpose, the scenario says so with {@link #deliberately} and why —
 * so the difference is named, checked to still be the only one, and listed in the closing table.
 */
@ExtendWith(RealKube.class)
abstract class Conformance {

    static SandboxSide sandbox;
    static RealSide real;

    @BeforeAll
    static void sides(RealCluster cluster) {
        real = new RealSide(cluster);
        sandbox = new SandboxSide();
    }

    @AfterAll
    static void closeSandbox() {
        if (sandbox != null) {
            sandbox.close();
        }
    }

    @FunctionalInterface
    interface Scenario<T> {
        T run(ApiSide side) throws Exception;
    }

    /** Runs {@code scenario} on both; the sandbox must observe exactly what the real server did. Returns the truth. */
    static <T> T same(String behaviour, Scenario<T> scenario) throws Exception {
        T truth = scenario.run(real);
        T seen = scenario.run(sandbox);
        assertEquals(truth, seen, behaviour + ": the sandbox differs from kube-apiserver v1.32");
        return truth;
    }

    /**
     * A difference kept on purpose: both observations are checked against what each server is
     * meant to do, so neither drifts unnoticed. {@code why} is the reason, for the reader.
     */
    static <T> void deliberately(String behaviour, String why, Scenario<T> scenario, T realExpected, T sandboxExpected)
            throws Exception {
        assertEquals(realExpected, scenario.run(real), behaviour + " on kube-apiserver v1.32 (" + why + ")");
        assertEquals(sandboxExpected, scenario.run(sandbox), behaviour + " on the sandbox (deliberate: " + why + ")");
    }

    /** A bare pod bound to {@code node} (or left unscheduled when null), labelled. */
    static ObjectNode pod(String name, String node, Map<String, String> labels) {
        ObjectNode p = KubeJson.MAPPER.createObjectNode();
        p.put("apiVersion", "v1").put("kind", "Pod");
        ObjectNode meta = p.putObject("metadata").put("name", name);
        ObjectNode l = meta.putObject("labels");
        labels.forEach(l::put);
        ObjectNode spec = p.putObject("spec");
        if (node != null) {
            spec.put("nodeName", node);
        } else {
            // No scheduler answers to this name: the pod stays Pending and unbound on the real server too.
            spec.put("schedulerName", "flightdeck-conformance-none");
        }
        spec.put("terminationGracePeriodSeconds", 0);
        spec.putArray("containers").addObject().put("name", "c").put("image", "registry.k8s.io/pause:3.10");
        return p;
    }

    static JsonNode json(KubeRest.Answer a) throws IOException {
        return a.json();
    }

    /** The observation of an error answer that both servers must agree on: code, reason and message. */
    record Refusal(int code, String reason, String message) {
        static Refusal of(KubeRest.Answer a) throws IOException {
            JsonNode s = a.json();
            return new Refusal(a.code(), s.path("reason").asText(), s.path("message").asText());
        }

        /** The same refusal with its message rewritten, e.g. a generated name replaced by a placeholder. */
        Refusal withMessage(java.util.function.UnaryOperator<String> rewrite) {
            return new Refusal(code, reason, rewrite.apply(message));
        }
    }
}
