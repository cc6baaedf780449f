package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.NodeObject;
import dev.flightdeck.app.nodes.PreflightConvention;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the preflight gate on a node (conventions §2): the gate taint, the result label and the
 * {@code -at}/{@code -detail} annotations, in one JSON patch. The patch first tests the node's
 * resourceVersion: the taint list is replaced whole (a merge patch cannot remove one element), so
 * a taint added by someone else between our read and our write must make the write fail, not vanish.
 * On that conflict the node is read again and the change re-applied. Nodes are patched, never replaced.
 */
final class PreflightMarks {

    private static final int ATTEMPTS = 4;

    private final KubeRest rest;
    private final PreflightConvention gate;

    PreflightMarks(KubeRest rest, PreflightConvention gate) {
        this.rest = rest;
        this.gate = gate;
    }

    /**
     * @param taintValue {@code pending} or {@code failed}, or null to remove the gate taint
     * @param label      the result label's value, or null to remove it
     * @param at         the {@code -at} annotation, or null to leave it as it is
     * @param detail     the {@code -detail} annotation
     * @return the API server's last answer: 404 when the node is gone
     */
    KubeRest.Answer write(String node, String taintValue, String label, Instant at, String detail) throws IOException {
        KubeRest.Answer last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            ApiPath path = ApiResource.NODES.path().named(node);
            KubeRest.Answer read = rest.get(path);
            if (!read.ok()) {
                return read;
            }
            last = rest.jsonPatch(path, ops(read.as(NodeObject.class), taintValue, label, at, detail));
            // 409/422: the resourceVersion test failed because the node changed since we read it.
            if (last.code() != 409 && last.code() != 422) {
                return last;
            }
        }
        return last;
    }

    private List<Map<String, Object>> ops(NodeObject current, String taintValue, String label, Instant at, String detail) {
        List<Map<String, Object>> ops = new ArrayList<>();
        ops.add(op("test", "/metadata/resourceVersion", java.util.Objects.toString(current.metadata().resourceVersion(), "")));
        // The server leaves an empty list out: an empty one here is one the node does not have.
        List<NodeObject.Taint> taints = current.spec().taints();
        List<Object> wanted = new ArrayList<>(taints.stream().filter(t -> !gate.key().equals(t.key())).toList());
        if (taintValue != null) {
            wanted.add(Map.of("key", gate.key(), "value", taintValue, "effect", "NoSchedule"));
        }
        if (!wanted.isEmpty()) {
            ops.add(op("add", "/spec/taints", wanted)); // "add" replaces an existing member
        } else if (!taints.isEmpty()) {
            ops.add(Map.of("op", "remove", "path", "/spec/taints"));
        }
        Map<String, String> labels = new HashMap<>();
        labels.put(gate.key(), label);
        members(ops, current.metadata().labels(), "/metadata/labels", labels);
        Map<String, String> annotations = new LinkedHashMap<>();
        if (at != null) {
            annotations.put(gate.atAnnotation(), at.toString());
        }
        annotations.put(gate.detailAnnotation(), detail);
        members(ops, current.metadata().annotations(), "/metadata/annotations", annotations);
        return ops;
    }

    /**
     * Sets (or, for a null value, removes) members of a string map that may not exist yet (the server leaves an empty
     * map out, so an empty one here is one the node does not have).
     */
    private static void members(List<Map<String, Object>> ops, Map<String, String> current, String path,
                                Map<String, String> changes) {
        if (current.isEmpty()) {
            Map<String, String> fresh = new LinkedHashMap<>();
            changes.forEach((k, v) -> {
                if (v != null) {
                    fresh.put(k, v);
                }
            });
            if (!fresh.isEmpty()) {
                ops.add(op("add", path, fresh));
            }
            return;
        }
        changes.forEach((k, v) -> {
            String member = path + "/" + k.replace("~", "~0").replace("/", "~1");
            if (v != null) {
                ops.add(op("add", member, v));
            } else if (current.containsKey(k)) {
                ops.add(Map.of("op", "remove", "path", member));
            }
        });
    }

    private static Map<String, Object> op(String op, String path, Object value) {
        return Map.of("op", op, "path", path, "value", value);
    }
}
