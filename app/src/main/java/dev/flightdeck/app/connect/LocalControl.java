package dev.flightdeck.app.connect;

import com.fasterxml.jackson.databind.JsonNode;
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

/**
 * The client of a local cluster's control surface ({@value #ROOT} on its API server's port, JSON over
 * loopback HTTP): the switches of its simulated agents that have no Kubernetes API. Every request carries
 * the token the cluster's starter was given ({@link LocalCluster#controlToken()}) in {@value #TOKEN_HEADER},
 * and nothing else of it: the token is in no URL, no message and no log. Each call blocks for one request
 * and throws, in words ("could not …: HTTP 400 …"), when it is refused or unanswered.
 */
public final class LocalControl {

    public static final String ROOT = "/flightdeck-sandbox/v1";
    /**
     * The header the sandbox reads its control token from (its SandboxCluster.CONTROL_TOKEN_HEADER; the core
     * cannot link to the sandbox, a test checks they agree). Not {@code Authorization}: on this port that
     * header is the Kubernetes API's, and the control token is no Kubernetes credential.
     */
    public static final String TOKEN_HEADER = "X-Flightdeck-Sandbox-Token";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String url;
    private final String token;

    public LocalControl(LocalCluster cluster) {
        this.url = cluster.url().replaceAll("/+$", "") + ROOT;
        this.token = cluster.controlToken();
    }

    /** {@code method path} with {@code body} (or none); the answer's JSON. {@code what} names it in a failure. */
    public JsonNode send(String method, String path, JsonNode body, String what) {
        return answer(exchange(method, path, body, what), what);
    }

    /** As {@link #send}, with null for a 404. */
    public JsonNode sendAllowingNotFound(String method, String path, String what) {
        HttpResponse<String> r = exchange(method, path, null, what);
        return r.statusCode() == 404 ? null : answer(r, what);
    }

    /** {@code s} as one path segment. */
    public static String segment(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private HttpResponse<String> exchange(String method, String path, JsonNode body, String what) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body.toString()));
        if (token != null && !token.isEmpty()) {
            // None at all when the starter gave none: the surface then says in words that it needs one.
            b.header(TOKEN_HEADER, token);
        }
        HttpRequest request = b.build();
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
}
