package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A LIST continue token shaped as kube-apiserver's: base64url of
 * {@code {"v":"meta.k8s.io/v1","rv":N,"start":"<key>\u0000"}}. It carries the first page's
 * resourceVersion, so every page reports it and a token from before a compaction expires (410),
 * as on a real server. Clients treat it as opaque.
 *
 * @param rv    the resourceVersion of the first page; -1 in the "inconsistent" token a 410 hands back
 * @param after the key of the last object already returned
 */
record ContinueToken(long rv, String after) {

    private static final String VERSION = "meta.k8s.io/v1";

    String encode() {
        ObjectNode o = SandboxJson.MAPPER.createObjectNode();
        o.put("v", VERSION).put("rv", rv).put("start", after + "\u0000");
        return Base64.getUrlEncoder().withoutPadding().encodeToString(o.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The token, or an IllegalArgumentException worded as the real server words a bad one. */
    static ContinueToken decode(String token) {
        try {
            JsonNode o = SandboxJson.MAPPER.readTree(Base64.getUrlDecoder().decode(token));
            String start = o.path("start").asText("");
            if (!VERSION.equals(o.path("v").asText()) || start.isEmpty()) {
                throw new IllegalArgumentException("continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)");
            }
            return new ContinueToken(o.path("rv").asLong(), start.endsWith("\u0000") ? start.substring(0, start.length() - 1) : start);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() != null && e.getMessage().startsWith("continue key")
                    ? e.getMessage() : "continue key is not valid: " + e.getMessage());
        }
    }
}
