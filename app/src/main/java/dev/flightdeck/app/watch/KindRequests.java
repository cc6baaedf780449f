package dev.flightdeck.app.watch;

import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.zip.GZIPInputStream;

/**
 * The HTTP side of one kind's LIST and WATCH ({@link ResourceWatcher}): its URLs, the requests, and the answers
 * read whole or as a stream, a refusal turned into an {@link ApiStatusException}.
 */
final class KindRequests {

    private final ApiEndpoint api;
    private final String path;
    private final String resource;
    private final Duration idleLimit;

    KindRequests(ApiEndpoint api, String path, String resource, Duration idleLimit) {
        this.api = api;
        this.path = path;
        this.resource = resource;
        this.idleLimit = idleLimit;
    }

    /**
     * The kind's path with the watcher's own {@code parameters}, which start after whatever the path carries:
     * a path may carry a selector of its own ({@code ?fieldSelector=…}).
     */
    String url(String parameters) {
        return path + (path.indexOf('?') >= 0 ? "&" : "?") + parameters;
    }

    /**
     * A watch: the body stays open and is read as it arrives. The server answers a watch at once, so
     * headers that do not come within the idle limit mean a stalled connection, not a busy server.
     */
    InputStream openWatch(String url) throws IOException, InterruptedException {
        HttpRequest.Builder b = request(url).forStreaming();
        CompletableFuture<HttpResponse<InputStream>> pending = api.http().sendAsync(b.build(), InputStream.class);
        HttpResponse<InputStream> response;
        try {
            response = await(pending.orTimeout(idleLimit.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS));
        } catch (IOException e) {
            if (e.getCause() instanceof java.util.concurrent.TimeoutException) {
                pending.cancel(true);
                throw new IOException("the watch request got no answer within " + idleLimit.toSeconds()
                        + " s (a stalled connection)", e);
            }
            throw e;
        }
        if (!response.isSuccessful()) {
            throw StatusBodies.fromResponse(response.code(), response.body(), "list/watch " + resource)
                    .withRetryAfter(response.header("Retry-After"));
        }
        return response.body();
    }

    /**
     * One LIST page, read whole. Measured on fabric8 7.8's Vert.x client: byte[] bodies page 4× faster than
     * InputStream ones, which also dropped pooled connections mid-list ("Connection was closed"). Asked for gzipped,
     * as Go's clients (kubectl, client-go) ask by default: kube-apiserver compresses an answer over 128 KiB at gzip's
     * fastest level, so 7,500 nodes' 28 MB of JSON cross as 1.4 MB for about 0.05 s more of the server's time, and a
     * cold console decrypts and buffers a twentieth of the bytes (its first node LIST came 0.4–0.7 s sooner on the
     * real API server, docs/performance.md). Watches are not asked: the server does not compress them.
     */
    CompletableFuture<HttpResponse<byte[]>> fetchAsync(String url) {
        return api.http().sendAsync(request(url).header("Accept-Encoding", "gzip").build(), byte[].class);
    }

    /** A LIST page's answer: its JSON (inflated as it is read, when the server gzipped it) and its size on the wire. */
    record Page(InputStream json, int wireBytes) {
    }

    /** The page of a successful answer; a refusal (its Status decoded the same way) is thrown. */
    Page page(HttpResponse<byte[]> response) throws IOException {
        byte[] body = response.body() == null ? new byte[0] : response.body();
        InputStream json = decoded(response, body);
        if (!response.isSuccessful()) {
            throw StatusBodies.fromResponse(response.code(), json, "list/watch " + resource)
                    .withRetryAfter(response.header("Retry-After"));
        }
        return new Page(json, body.length);
    }

    private InputStream decoded(HttpResponse<byte[]> response, byte[] body) throws IOException {
        String encoding = response.header("Content-Encoding");
        InputStream raw = new ByteArrayInputStream(body);
        if (encoding == null || encoding.isBlank() || encoding.equalsIgnoreCase("identity")) {
            return raw;
        }
        if (encoding.equalsIgnoreCase("gzip")) {
            return new GZIPInputStream(raw, 1 << 16);
        }
        throw new IOException("the answer to the LIST of " + resource
                + " came in an encoding the console did not ask for (" + Shown.quoted(encoding) + ")");
    }

    private HttpRequest.Builder request(String url) {
        return api.http().newHttpRequestBuilder().uri(api.uri(url)).header("Accept", "application/json");
    }

    static <R> R await(CompletableFuture<R> future) throws IOException, InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw cause instanceof IOException io ? io : new IOException(Problems.describe(cause), cause);
        }
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
