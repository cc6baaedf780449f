package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.DiscoveryTable.Group;
import dev.flightdeck.sandbox.DiscoveryTable.Resource;
import dev.flightdeck.sandbox.DiscoveryTable.Subresource;
import dev.flightdeck.sandbox.DiscoveryTable.Version;

import java.util.List;

/**
 * The answers the sandbox gives to version requests and to discovery in its plain form ({@code /api}, {@code /api/v1},
 * {@code /apis}, {@code /apis/GROUP/VERSION}), written from the {@link DiscoveryTable} as kube-apiserver 1.32 writes
 * them. Resources are listed with the names the real server gives them — singular and short names ({@code po},
 * {@code ds}, {@code pdb}) — because clients resolve what a person types from these ({@code kubectl get po/x}, the
 * console's {@code get}). A client that asks for it gets everything at once instead ({@link AggregatedDiscovery}).
 */
final class Discovery {

    static final String VERSION = """
            {"major":"1","minor":"32","gitVersion":"v1.32.0-flightdeck-sandbox","platform":"linux/amd64"}""";

    /** {@code /api}: the core group's versions. */
    static String coreVersions(DiscoveryTable table) {
        ObjectNode out = SandboxJson.MAPPER.createObjectNode().put("kind", "APIVersions");
        ArrayNode versions = out.putArray("versions");
        table.core().versions().forEach(v -> versions.add(v.version()));
        out.putArray("serverAddressByClientCIDRs");
        return out.toString();
    }

    /** {@code /apis}: every named group with its versions, the preferred one first and named. */
    static String groups(DiscoveryTable table) {
        ObjectNode out = SandboxJson.MAPPER.createObjectNode().put("kind", "APIGroupList").put("apiVersion", "v1");
        ArrayNode groups = out.putArray("groups");
        for (Group g : table.named()) {
            ObjectNode group = groups.addObject().put("name", g.name());
            ArrayNode versions = group.putArray("versions");
            g.versions().forEach(v -> versions.addObject().put("groupVersion", g.name() + "/" + v.version())
                    .put("version", v.version()));
            group.set("preferredVersion", versions.get(0).deepCopy());
        }
        return out.toString();
    }

    /**
     * {@code /api/v1} or {@code /apis/GROUP/VERSION}: that group version's resources, each followed by its
     * subresources ({@code pods/status}), or null when it serves none.
     */
    static String resources(DiscoveryTable table, String groupVersion) {
        Version served = table.version(groupVersion);
        if (served == null) {
            return null;
        }
        ObjectNode out = SandboxJson.MAPPER.createObjectNode().put("kind", "APIResourceList")
                .put("groupVersion", groupVersion);
        ArrayNode list = out.putArray("resources");
        for (Resource r : served.resources()) {
            ObjectNode resource = list.addObject().put("name", r.name()).put("singularName", r.singular())
                    .put("namespaced", r.namespaced()).put("kind", r.kind());
            strings(resource, "verbs", r.verbs());
            if (!r.shortNames().isEmpty()) {
                strings(resource, "shortNames", r.shortNames());
            }
            if (!r.categories().isEmpty()) {
                strings(resource, "categories", r.categories());
            }
            for (Subresource s : r.subresources()) {
                ObjectNode sub = list.addObject().put("name", r.name() + "/" + s.name()).put("singularName", "")
                        .put("namespaced", r.namespaced());
                if (s.group() != null) {
                    sub.put("group", s.group()).put("version", s.version());
                }
                strings(sub.put("kind", s.kind()), "verbs", s.verbs());
            }
        }
        return out.toString();
    }

    static void strings(ObjectNode on, String field, List<String> values) {
        ArrayNode array = on.putArray(field);
        values.forEach(array::add);
    }

    private Discovery() {
    }
}
