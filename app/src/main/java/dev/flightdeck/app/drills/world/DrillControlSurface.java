package dev.flightdeck.app.drills.world;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.drills.Scenario;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The client of a local drill cluster's control surface ({@code /flightdeck-sandbox/v1} on its API
 * server's port, JSON over loopback HTTP): the drill seeds its gangs there and throws the switches of
 * the simulated agents that have no Kubernetes API, and reads the cluster's request audit in pages.
 */
final class DrillControlSurface {

    static final String ROOT = "/flightdeck-sandbox/v1";

    /** One page of the audit: the requests, the number to ask from next, and how many were lost before it. */
    record AuditPage(List<AuditedRequest> requests, long next, long lost) { }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String url;
    private final String handsAgent;

    /** @param handsAgent the User-Agent prefix of the drill's own fault injector, to tell its requests apart in the audit */
    DrillControlSurface(String clusterUrl, String handsAgent) {
        this.url = clusterUrl.replaceAll("/+$", "") + ROOT;
        this.handsAgent = handsAgent;
    }

    /** Throws, in words, when the cluster has no drill control surface (a sandbox not started for a drill). */
    void check() {
        send("GET", "", null, "reach the drill's control surface");
    }

    void seedGangs(List<Scenario.GangStart> gangs, Instant now) {
        ObjectNode body = KubeJson.MAPPER.createObjectNode();
        for (Scenario.GangStart g : gangs) {
            body.withArray("gangs").addObject().put("namespace", g.namespace()).put("name", g.name())
                    .put("ranks", g.ranks()).put("gpusPerRank", g.gpusPerRank())
                    .put("checkpointEvery", g.checkpointEvery().toString())
                    .put("lastCheckpoint", now.minus(g.lastCheckpoint()).toString())
                    .put("step", 1_000 + 100L * g.ranks());
        }
        send("POST", "/gangs", body, "seed the drill's gangs");
    }

    void pace(double pace, Instant now) {
        send("PUT", "/trainers/pace", KubeJson.MAPPER.createObjectNode().put("pace", pace).put("now", now.toString()),
                "set the trainers' pace");
    }

    void stopCheckpointing(String namespace, String gang, Instant since) {
        send("POST", "/trainers/" + seg(namespace) + "/" + seg(gang) + "/stop",
                KubeJson.MAPPER.createObjectNode().put("since", since.toString()), "stop the checkpoints of " + gang);
    }

    /** The gang's newest complete checkpoint, or null when it has none. */
    DrillHands.Saved newestCheckpoint(String namespace, String gang) {
        JsonNode s = sendAllowingNotFound("GET", "/trainers/" + seg(namespace) + "/" + seg(gang) + "/newest",
                "read the newest checkpoint of " + gang);
        return s == null ? null : new DrillHands.Saved(s.path("step").asLong(), s.path("uri").asText(),
                Instant.parse(s.path("at").asText()));
    }

    void failNextPreflight(String node, String detail) {
        send("POST", "/preflight-failures", KubeJson.MAPPER.createObjectNode().put("node", node).put("detail", detail),
                "script the next validation of " + node);
    }

    void objectStoreReachable(boolean reachable) {
        send("PUT", "/object-storage", KubeJson.MAPPER.createObjectNode().put("reachable", reachable),
                (reachable ? "reconnect" : "cut off") + " the object store");
    }

    void apfStorm(boolean on) {
        send("PUT", "/apf-storm", KubeJson.MAPPER.createObjectNode().put("on", on),
                (on ? "start" : "end") + " the APF storm");
    }

    /** The audited requests numbered {@code from} on. */
    AuditPage audit(long from) {
        JsonNode page = send("GET", "/audit?from=" + from, null, "read the cluster's request audit");
        List<AuditedRequest> out = new ArrayList<>();
        for (JsonNode r : page.path("requests")) {
            String ua = r.path("userAgent").asText("");
            out.add(new AuditedRequest(Instant.parse(r.path("at").asText()), r.path("method").asText(),
                    r.path("path").asText(), r.path("query").isNull() ? null : r.path("query").asText(null), ua,
                    ua.startsWith(handsAgent)));
        }
        return new AuditPage(out, page.path("next").asLong(), page.path("lost").asLong());
    }

    private JsonNode sendAllowingNotFound(String method, String path, String what) {
        HttpResponse<String> r = exchange(method, path, null, what);
        return r.statusCode() == 404 ? null : answer(r, what);
    }

    private JsonNode send(String method, String path, JsonNode body, String what) {
        return answer(exchange(method, path, body, what), what);
    }

    private HttpResponse<String> exchange(String method, String path, JsonNode body, String what) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body.toString()))
                .build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException("could not " + what + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while trying to " + what, e);
        }
    }

    private static JsonNode answer(HttpResponse<String> r, String what) {
        JsonNode json;
        try {
            json = KubeJson.MAPPER.readTree(r.body());
        } catch (IOException e) {
            throw new IllegalStateException("could not " + what + ": HTTP " + r.statusCode() + " with no JSON answer");
        }
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException("could not " + what + ": HTTP " + r.statusCode() + " "
                    + json.path("message").asText(""));
        }
        return json;
    }

    private static String seg(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
