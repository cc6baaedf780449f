package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Writes as the console's actions make them: a merge patch (cordon: spec.unschedulable and
 * annotations, null removing a key), a JSON patch guarded by a {@code test} of the
 * resourceVersion (the preflight marks: add and remove one taint by position), its refusal when
 * the guard fails, a PUT with a stale resourceVersion, and the status subresource keeping spec
 * and status apart (a health agent's condition through nodes/status; a spec change there ignored;
 * a status change through the main resource ignored). Nodes are Ready GPU nodes whose
 * controllers have settled, so nothing else writes them during a scenario.
 */
class PatchConformanceTest extends Conformance {

    private static String node(JsonNode n) {
        return n.at("/metadata/name").asText();
    }

    private static JsonNode get(ApiSide side, String path) throws Exception {
        return side.rest().get(path).json();
    }

    private static List<String> taints(JsonNode node) {
        return node.at("/spec/taints").valueStream().map(t -> t.path("key").asText() + "=" + t.path("value").asText()
                + ":" + t.path("effect").asText()).toList();
    }

    @Test
    void aMergePatchSetsAndRemovesFieldsAsCordonDoes() throws Exception {
        List<String> truth = same("merge patch (cordon, uncordon)", side -> {
            String n = side.gpuNode("cordon", Map.of());
            String path = "/api/v1/nodes/" + n;
            KubeRest.Answer a = side.rest().mergePatch(path, Map.of("spec", Map.of("unschedulable", true), "metadata",
                    Map.of("annotations", Map.of("flightdeck.dev/cordon-reason", "Xid 79", "flightdeck.dev/cordoned-by", "sre"))));
            JsonNode cordoned = a.json();
            Map<String, Object> cleared = new HashMap<>();
            cleared.put("flightdeck.dev/cordon-reason", null);
            cleared.put("flightdeck.dev/cordoned-by", null);
            Map<String, Object> spec = new HashMap<>();
            spec.put("unschedulable", null);
            JsonNode uncordoned = side.rest().mergePatch(path, Map.of("spec", spec, "metadata", Map.of("annotations", cleared))).json();
            return List.of("HTTP " + a.code(), cordoned.at("/spec/unschedulable").asText(),
                    cordoned.at("/metadata/annotations/flightdeck.dev~1cordon-reason").asText(),
                    String.valueOf(uncordoned.at("/spec/unschedulable").isMissingNode()),
                    String.valueOf(uncordoned.at("/metadata/annotations/flightdeck.dev~1cordon-reason").isMissingNode()));
        });
        assertEquals(List.of("HTTP 200", "true", "Xid 79", "true", "true"), truth);
    }

    @Test
    void aJsonPatchGuardedByTheResourceVersionAddsAndRemovesOneTaint() throws Exception {
        List<String> truth = same("JSON patch with a resourceVersion test", side -> {
            String path = "/api/v1/nodes/" + side.gpuNode("taints", Map.of());
            side.rest().mergePatch(path, Map.of("spec", Map.of("taints", List.of(Map.of("key", "team", "value", "a",
                    "effect", "NoSchedule")))));
            JsonNode before = get(side, path);
            String rv = before.at("/metadata/resourceVersion").asText();
            JsonNode added = side.rest().jsonPatch(path, List.of(
                    Map.of("op", "test", "path", "/metadata/resourceVersion", "value", rv),
                    Map.of("op", "add", "path", "/spec/taints/-", "value", Map.of("key", "flightdeck.dev/preflight",
                            "value", "pending", "effect", "NoSchedule")))).json();
            KubeRest.Answer stale = side.rest().jsonPatch(path, List.of(
                    Map.of("op", "test", "path", "/metadata/resourceVersion", "value", rv),
                    Map.of("op", "remove", "path", "/spec/taints/1")));
            JsonNode removed = side.rest().jsonPatch(path, List.of(
                    Map.of("op", "test", "path", "/metadata/resourceVersion", "value", added.at("/metadata/resourceVersion").asText()),
                    Map.of("op", "test", "path", "/spec/taints/1/key", "value", "flightdeck.dev/preflight"),
                    Map.of("op", "remove", "path", "/spec/taints/1"))).json();
            KubeRest.Answer missing = side.rest().jsonPatch(path, List.of(Map.of("op", "remove", "path", "/spec/taints/5")));
            List<String> out = new ArrayList<>();
            out.add("added " + taints(added));
            Refusal r = Refusal.of(stale);
            out.add("stale guard: " + r.code() + " " + r.reason() + " " + r.message());
            out.add("removed " + taints(removed));
            Refusal m = Refusal.of(missing);
            out.add("bad path: " + m.code() + " " + m.reason());
            return out;
        });
        assertEquals("added [team=a:NoSchedule, flightdeck.dev/preflight=pending:NoSchedule]", truth.get(0));
        assertEquals("stale guard: 422 Invalid the server rejected our request due to an error in our request", truth.get(1));
        assertEquals("removed [team=a:NoSchedule]", truth.get(2));
    }

    @Test
    void aPutWithAStaleResourceVersionIsAConflict() throws Exception {
        Refusal truth = same("PUT with a stale resourceVersion", side -> {
            String path = "/api/v1/nodes/" + side.gpuNode("put", Map.of());
            JsonNode n = get(side, path);
            side.rest().mergePatch(path, Map.of("metadata", Map.of("labels", Map.of("x", "1"))));
            KubeRest.Answer put = side.rest().put(path, n);
            return Refusal.of(put).withMessage(m -> m.replace(node(n), "NODE"));
        });
        assertEquals(new Refusal(409, "Conflict", "Operation cannot be fulfilled on nodes \"NODE\": the object has been "
                + "modified; please apply your changes to the latest version and try again"), truth);
    }

    @Test
    void theStatusSubresourceAndTheMainResourceEachKeepToTheirPart() throws Exception {
        List<String> truth = same("nodes/status and nodes keep spec and status apart", side -> {
            String n = side.gpuNode("status", Map.of());
            String path = "/api/v1/nodes/" + n;
            JsonNode viaStatus = side.rest().mergePatch(path + "/status", Map.of(
                    "spec", Map.of("unschedulable", true),
                    "metadata", Map.of("labels", Map.of("via-status", "yes")),
                    "status", Map.of("conditions", List.of(Map.of("type", "SysLogsXIDError", "status", "True",
                            "reason", "XID79", "message", "Xid 79 on GPU 5"))))).json();
            JsonNode viaMain = side.rest().mergePatch(path, Map.of(
                    "status", Map.of("conditions", List.of(Map.of("type", "GpuNvlinkWatch", "status", "True"))),
                    "metadata", Map.of("labels", Map.of("via-main", "yes")))).json();
            JsonNode now = get(side, path);
            return List.of("status patch: unschedulable " + viaStatus.at("/spec/unschedulable").asText("absent")
                            + ", label " + viaStatus.at("/metadata/labels/via-status").asText("absent")
                            + ", conditions " + conditions(viaStatus),
                    "main patch: label " + viaMain.at("/metadata/labels/via-main").asText("absent")
                            + ", conditions " + conditions(viaMain),
                    "stored: unschedulable " + now.at("/spec/unschedulable").asText("absent") + ", conditions " + conditions(now));
        });
        assertEquals(List.of("status patch: unschedulable absent, label yes, conditions [SysLogsXIDError=True]",
                "main patch: label yes, conditions [SysLogsXIDError=True]",
                "stored: unschedulable absent, conditions [SysLogsXIDError=True]"), truth);
    }

    @Test
    void aStrategicMergePatchMergesConditionsByTypeAsAHealthAgentsDoes() throws Exception {
        List<String> truth = same("strategic merge patch of node conditions (a drill's health agent)", side -> {
            String path = "/api/v1/nodes/" + side.gpuNode("strategic", Map.of()) + "/status";
            side.rest().strategicPatch(path, Map.of("status", Map.of("conditions", List.of(Map.of("type", "SysLogsXIDError",
                    "status", "True", "reason", "XID79", "message", "Xid 79 on GPU 5")))));
            JsonNode second = side.rest().strategicPatch(path, Map.of("status", Map.of("conditions", List.of(
                    Map.of("type", "GpuNvlinkWatch", "status", "True", "reason", "NVLinkDown", "message", "link 3 down"),
                    Map.of("type", "SysLogsXIDError", "status", "False", "reason", "Cleared", "message", "")))))
                    .json();
            JsonNode all = second.at("/status/conditions");
            return List.of("Ready kept: " + all.valueStream().anyMatch(c -> c.path("type").asText().equals("Ready")),
                    "merged: " + all.valueStream().filter(c -> !c.path("type").asText().equals("Ready"))
                            .map(c -> c.path("type").asText() + "=" + c.path("status").asText() + "/"
                                    + c.path("reason").asText()).sorted().toList());
        });
        assertEquals(List.of("Ready kept: true", "merged: [GpuNvlinkWatch=True/NVLinkDown, SysLogsXIDError=False/Cleared]"),
                truth);
    }

    private static List<String> conditions(JsonNode n) {
        return n.at("/status/conditions").valueStream().map(c -> c.path("type").asText() + "=" + c.path("status").asText())
                .filter(c -> !c.startsWith("Ready=")).toList();
    }
}
