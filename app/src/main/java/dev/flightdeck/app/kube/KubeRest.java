package dev.flightdeck.app.kube;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.watch.ApiEndpoint;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.Problems;
import dev.flightdeck.app.watch.StatusBodies;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * REST calls to the API server through the cluster connection (same TLS, tokens, exec plugins and
 * request budget as the watches), to paths made by {@link ApiPath}, answers read as typed objects. An answer with any HTTP status is returned, not thrown: actions
 * decide what 404, 409 or 429 mean for them. Only a request that got no answer throws.
 */
public final class KubeRest {

    private static final int TIMEOUT_SECONDS = 30;

    private final ApiEndpoint api;

    public KubeRest(ApiEndpoint api) {
        this.api = api;
    }

    /** One answer: the status code, the body, and the server's own words when it is an error. */
    public record Answer(int code, byte[] body) {

        public boolean ok() {
            return code >= 200 && code < 300;
        }

        public JsonNode json() throws IOException {
            return KubeJson.MAPPER.readTree(body == null ? new byte[0] : body);
        }

        /** The body read as a typed object ({@link PodObject}, {@link ObjectList} …), fields it does not name skipped. */
        public <T> T as(Class<T> type) throws IOException {
            return KubeJson.MAPPER.readValue(body == null ? new byte[0] : body, type);
        }

        /** The body read as a typed object of a generic type ({@code ObjectList<PodObject>}). */
        public <T> T as(com.fasterxml.jackson.core.type.TypeReference<T> type) throws IOException {
            return KubeJson.MAPPER.readValue(body == null ? new byte[0] : body, type);
        }

        /** The Status message of an error answer ("pods \"x\" not found"), or "HTTP 500". */
        public String message() {
            String m = StatusBodies.message(body);
            return m.isEmpty() ? "HTTP " + code : m;
        }
    }

    public Answer get(String path) throws IOException {
        return send(builder(path).build());
    }

    public Answer get(ApiPath path) throws IOException {
        return get(path.toString());
    }

    /**
     * GET asking for plain text: a proxied {@code /metrics} ({@link ApiPath#proxy}), an exporter's text exposition.
     * Read whole, as a log that ends is: many streamed answers at once were seen dropped mid-body by the client's pool.
     */
    public Answer getText(ApiPath path) throws IOException {
        return send(builder(path.toString()).setHeader("Accept", "text/plain;version=0.0.4;q=1,*/*;q=0.1").build());
    }

    public Answer post(ApiPath path, Object json) throws IOException {
        return post(path.toString(), json);
    }

    public Answer delete(ApiPath path, Object options) throws IOException {
        return delete(path.toString(), options);
    }

    public Answer mergePatch(ApiPath path, Object json) throws IOException {
        return mergePatch(path.toString(), json);
    }

    public Answer jsonPatch(ApiPath path, Object ops) throws IOException {
        return jsonPatch(path.toString(), ops);
    }

    public Answer put(ApiPath path, Object json) throws IOException {
        return put(path.toString(), json);
    }

    public Answer post(String path, Object json) throws IOException {
        return send(builder(path).post("application/json", KubeJson.MAPPER.writeValueAsBytes(json)).build());
    }

    /** PUT (replace): guarded by the object's metadata.resourceVersion, so a stale copy is a 409, not a lost update. */
    public Answer put(String path, Object json) throws IOException {
        return send(builder(path).method("PUT", "application/json", KubeJson.MAPPER.writeValueAsString(json)).build());
    }

    public Answer mergePatch(String path, Object json) throws IOException {
        return send(builder(path).method("PATCH", "application/merge-patch+json",
                KubeJson.MAPPER.writeValueAsString(json)).build());
    }

    /**
     * Strategic merge patch: lists the API declares merge keys for (a node's conditions, by type) are
     * merged element by element, where a merge patch would replace the whole list.
     */
    public Answer strategicPatch(String path, Object json) throws IOException {
        return send(builder(path).method("PATCH", "application/strategic-merge-patch+json",
                KubeJson.MAPPER.writeValueAsString(json)).build());
    }

    /** JSON Patch (RFC 6902): for removing one element of a list, such as one taint, by position with a test. */
    public Answer jsonPatch(String path, Object ops) throws IOException {
        return send(builder(path).method("PATCH", "application/json-patch+json",
                KubeJson.MAPPER.writeValueAsString(ops)).build());
    }

    public Answer delete(String path, Object options) throws IOException {
        return send(builder(path).delete("application/json", KubeJson.MAPPER.writeValueAsString(options)).build());
    }

    /**
     * A discovery request with its own {@code Accept} ({@link DiscoveryReader} asks for the aggregated form first;
     * a server without it answers in the plain form).
     */
    public Answer discover(DiscoveryPath path, String accept) throws IOException {
        return send(builder(path.toString()).setHeader("Accept", accept).build());
    }

    private HttpRequest.Builder builder(String path) {
        return api.http().newHttpRequestBuilder().uri(api.uri(path)).header("Accept", "application/json");
    }

    private Answer send(HttpRequest request) throws IOException {
        dev.flightdeck.app.threads.UiThreadGuard.blocking(request.method() + " " + request.uri().getPath());
        try {
            HttpResponse<byte[]> r = api.http().sendAsync(request, byte[].class).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return new Answer(r.code(), r.body());
        } catch (ExecutionException e) {
            throw new IOException(request.method() + " " + request.uri().getPath() + ": " + Problems.describe(e), e);
        } catch (TimeoutException e) {
            throw new IOException(request.method() + " " + request.uri().getPath() + ": no answer within "
                    + TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (IllegalStateException e) {
            // The session closed (a context switch, a reconnect) while this request was on its way.
            throw new IOException(request.method() + " " + request.uri().getPath() + ": the connection was closed", e);
        }
    }
    /**
     * GET with the body streamed ({@link StreamedAnswer}): for answers too large to hold or that never end, such as a
     * followed log. Waits at most {@value #TIMEOUT_SECONDS} s for the status line; the body then takes as long as it
     * takes, and closing the answer stops it.
     */
    public StreamedAnswer stream(ApiPath path) throws IOException {
        HttpRequest request = builder(path.toString()).forStreaming().build();
        dev.flightdeck.app.threads.UiThreadGuard.blocking("GET " + request.uri().getPath());
        java.util.concurrent.CompletableFuture<HttpResponse<java.io.InputStream>> pending =
                api.http().sendAsync(request, java.io.InputStream.class);
        try {
            HttpResponse<java.io.InputStream> r = pending.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return new StreamedAnswer(r.code(), r.body());
        } catch (ExecutionException e) {
            throw new IOException("GET " + request.uri().getPath() + ": " + Problems.describe(e), e);
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new IOException("GET " + request.uri().getPath() + ": no answer within " + TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            pending.cancel(true);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (IllegalStateException e) {
            throw new IOException("GET " + request.uri().getPath() + ": the connection was closed", e);
        }
    }
}
