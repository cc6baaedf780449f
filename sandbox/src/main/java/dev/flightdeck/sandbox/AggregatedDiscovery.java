package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.DiscoveryTable.Group;
import dev.flightdeck.sandbox.DiscoveryTable.Resource;
import dev.flightdeck.sandbox.DiscoveryTable.Subresource;
import dev.flightdeck.sandbox.DiscoveryTable.Version;
import io.vertx.core.http.HttpServerResponse;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Aggregated discovery ({@code APIGroupDiscoveryList}, apidiscovery.k8s.io v2 and v2beta1): {@code /api} or
 * {@code /apis} answered with every group, version and resource at once, for a client that asks for it in its
 * {@code Accept} header ({@link DiscoveryAccept}), written from the same {@link DiscoveryTable} as the plain
 * documents. Shaped as kube-apiserver 1.32 writes it (fixtures/kube-apiserver-1.32/discovery-aggregated-*.json in the
 * console's tests): every version {@code Current}, a built-in resource's {@code responseKind} without group and
 * version, a custom resource's with them; with its headers ({@code Content-Type} naming the conversion, an
 * {@code ETag}, {@code Vary: Accept}) and 304 to a client whose {@code If-None-Match} names the current one.
 */
final class AggregatedDiscovery {

    private AggregatedDiscovery() {
    }

    /**
     * Answers {@code groups} ({@code /api}: the core group alone; {@code /apis}: the named ones) in {@code version}
     * ("v2" or "v2beta1"); {@code ifNoneMatch} is the request's header, or null.
     */
    static void answer(HttpServerResponse resp, List<Group> groups, String version, String ifNoneMatch) {
        ArrayNode items = items(groups);
        // As the real server: the ETag hashes the items, so it is the same whichever version is asked for.
        String etag = "\"" + sha512(items.toString()) + "\"";
        resp.putHeader("ETag", etag).putHeader("Vary", "Accept").putHeader("Cache-Control", "public");
        if (etag.equals(ifNoneMatch)) {
            resp.setStatusCode(304).end();
            return;
        }
        ObjectNode list = SandboxJson.MAPPER.createObjectNode().put("kind", DiscoveryAccept.KIND)
                .put("apiVersion", DiscoveryAccept.GROUP + "/" + version);
        list.putObject("metadata");
        list.set("items", items);
        resp.setStatusCode(200).putHeader("Content-Type", contentType(version)).end(list.toString());
    }

    /** The media type the real server names its answer with: the conversion it made. */
    static String contentType(String version) {
        return "application/json;g=" + DiscoveryAccept.GROUP + ";v=" + version + ";as=" + DiscoveryAccept.KIND;
    }

    private static ArrayNode items(List<Group> groups) {
        ArrayNode items = SandboxJson.MAPPER.createArrayNode();
        for (Group g : groups) {
            ObjectNode item = items.addObject();
            ObjectNode meta = item.putObject("metadata");
            if (!g.name().isEmpty()) {
                meta.put("name", g.name());
            }
            meta.putNull("creationTimestamp"); // as the real server writes an empty ObjectMeta's
            ArrayNode versions = item.putArray("versions");
            for (Version v : g.versions()) {
                ObjectNode version = versions.addObject().put("version", v.version());
                ArrayNode resources = version.putArray("resources");
                v.resources().forEach(r -> resource(resources.addObject(), g.name(), v.version(), r));
                version.put("freshness", "Current");
            }
        }
        return items;
    }

    private static void resource(ObjectNode out, String group, String version, Resource r) {
        out.put("resource", r.name());
        responseKind(out, r.custom() ? group : "", r.custom() ? version : "", r.kind());
        out.put("scope", r.namespaced() ? "Namespaced" : "Cluster").put("singularResource", r.singular());
        Discovery.strings(out, "verbs", r.verbs());
        if (!r.shortNames().isEmpty()) {
            Discovery.strings(out, "shortNames", r.shortNames());
        }
        if (!r.categories().isEmpty()) {
            Discovery.strings(out, "categories", r.categories());
        }
        if (!r.subresources().isEmpty()) {
            ArrayNode subs = out.putArray("subresources");
            for (Subresource s : r.subresources()) {
                ObjectNode sub = subs.addObject().put("subresource", s.name());
                if (s.group() != null) {
                    responseKind(sub, s.group(), s.version(), s.kind());
                } else {
                    responseKind(sub, r.custom() ? group : "", r.custom() ? version : "", s.kind());
                }
                Discovery.strings(sub, "verbs", s.verbs());
            }
        }
    }

    private static void responseKind(ObjectNode on, String group, String version, String kind) {
        on.putObject("responseKind").put("group", group).put("version", version).put("kind", kind);
    }

    private static String sha512(String s) {
        try {
            return HexFormat.of().withUpperCase().formatHex(
                    MessageDigest.getInstance("SHA-512").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-512", e);
        }
    }
}
