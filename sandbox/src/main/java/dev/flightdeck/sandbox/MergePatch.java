package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.Map;

/**
 * RFC 7386 JSON merge patch, and the strategic merge patch kube-apiserver applies to the core objects
 * the sandbox serves: a merge patch, except that the lists the Kubernetes types tag
 * {@code patchStrategy:"merge"} are merged item by item on their {@code patchMergeKey} (a node's or
 * pod's conditions by type, a node's addresses by type, containers, volumes and env by name, owner
 * references by uid) rather than replaced; every other list is replaced, as upstream. Directives
 * ({@code $patch}, {@code $retainKeys}) are not served.
 */
final class MergePatch {

    /** Field name to merge key, for the merge-strategy lists of the kinds the sandbox stores. */
    private static final Map<String, String> MERGE_KEYS = Map.of(
            "conditions", "type",
            "addresses", "type",
            "containers", "name",
            "initContainers", "name",
            "volumes", "name",
            "env", "name",
            "volumeMounts", "mountPath",
            "ownerReferences", "uid",
            "imagePullSecrets", "name");

    private MergePatch() {
    }

    /** A JSON merge patch: every list replaced. */
    static JsonNode apply(JsonNode target, JsonNode patch) {
        return merge(target, patch, Map.of());
    }

    /** A strategic merge patch: the merge-strategy lists merged by key. */
    static JsonNode strategic(JsonNode target, JsonNode patch) {
        return merge(target, patch, MERGE_KEYS);
    }

    private static JsonNode merge(JsonNode target, JsonNode patch, Map<String, String> mergeKeys) {
        if (!patch.isObject()) {
            return patch;
        }
        ObjectNode result = target != null && target.isObject() ? ((ObjectNode) target).deepCopy()
                : ((ObjectNode) patch).objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = mergeKeys.get(e.getKey());
            JsonNode current = result.get(e.getKey());
            if (e.getValue().isNull()) {
                result.remove(e.getKey());
            } else if (key != null && e.getValue().isArray() && current != null && current.isArray()) {
                result.set(e.getKey(), mergeList((ArrayNode) current, (ArrayNode) e.getValue(), key, mergeKeys));
            } else {
                result.set(e.getKey(), merge(current, e.getValue(), mergeKeys));
            }
        }
        return result;
    }

    /** Items of {@code patch} merged into the item of {@code current} with the same key, or appended. */
    private static ArrayNode mergeList(ArrayNode current, ArrayNode patch, String key, Map<String, String> mergeKeys) {
        ArrayNode out = current.deepCopy();
        for (JsonNode item : patch) {
            int at = -1;
            for (int i = 0; i < out.size() && item.has(key); i++) {
                if (out.get(i).path(key).equals(item.path(key))) {
                    at = i;
                }
            }
            if (at < 0) {
                out.add(item);
            } else {
                out.set(at, merge(out.get(at), item, mergeKeys));
            }
        }
        return out;
    }
}
