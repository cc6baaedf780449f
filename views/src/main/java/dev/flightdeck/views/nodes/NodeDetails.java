package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.PreflightState;
import dev.flightdeck.app.nodes.Taint;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything the details pane shows for one node, already in words. Built from the
 * node and its pods by a pure function, so it is tested without a scene.
 */
public record NodeDetails(
        String name,
        NodeVerdict verdict,
        List<String> reasons,
        List<KeyValue> facts,
        List<ConditionLine> conditions,
        List<String> taints,
        List<KeyValue> annotations,
        List<KeyValue> labels,
        List<PodLine> pods) {

    /** Annotations the console shows: its own ({@code flightdeck.dev/...}). */
    public static final String OWN_PREFIX = "flightdeck.dev/";

    public record KeyValue(String key, String value) {
    }

    /** @param problem the condition is in its bad state (Ready not True, anything else True) */
    public record ConditionLine(String type, String status, String reason, String message, String age,
                                boolean problem) {
    }

    public record PodLine(String name, String phase, int gpus, int restarts, String reason) {
    }

    public static NodeDetails of(GpuNode n, List<PodFacts> pods, Instant now) {
        List<String> reasons = n.trust().reasons().isEmpty()
                ? List.of("No problems found: GPUs can be trusted with work.")
                : n.trust().reasons();
        List<KeyValue> facts = List.of(
                new KeyValue("Verdict", n.verdict().label()),
                new KeyValue("Product", n.product()),
                new KeyValue("GPUs", NodeCells.gpus(n) + ", " + n.gpusInUse() + " in use"),
                new KeyValue("Ready", NodeCells.readyWithReason(n)),
                new KeyValue("Preflight", n.preflight().equals(PreflightState.NONE) ? "never run"
                        : (n.gated() ? "gate " : "") + NodeCells.preflight(n, now)
                        + (n.preflight().detail() == null ? "" : ": " + n.preflight().detail())),
                new KeyValue("Cordon", n.cordon().cordoned() ? NodeCells.cordon(n)
                        + (n.cordon().at() == null ? "" : ", " + Ages.ago(n.cordon().at(), now))
                        : "schedulable"));
        List<ConditionLine> conditions = n.facts().conditions().stream()
                .map(c -> new ConditionLine(c.type(), c.status(), orEmpty(c.reason()), orEmpty(c.message()),
                        c.lastTransition() == null ? "" : Ages.since(c.lastTransition(), now), isProblem(c)))
                .toList();
        List<String> taints = n.facts().taints().stream().map(Taint::toString).toList();
        List<KeyValue> annotations = sorted(n.facts().annotations()).stream()
                .filter(kv -> kv.key().startsWith(OWN_PREFIX)).toList();
        List<PodLine> podLines = pods.stream()
                .map(p -> new PodLine(p.key(), p.phase(), p.gpuRequest(), p.restarts(), orEmpty(p.reason())))
                .toList();
        return new NodeDetails(n.name(), n.verdict(), reasons, facts, conditions, taints, annotations,
                sorted(n.facts().labels()), podLines);
    }

    private static boolean isProblem(NodeCondition c) {
        return "Ready".equals(c.type()) ? !c.isTrue() : c.isTrue();
    }

    private static List<KeyValue> sorted(Map<String, String> map) {
        return new TreeMap<>(map).entrySet().stream().map(e -> new KeyValue(e.getKey(), e.getValue())).toList();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
