package dev.flightdeck.app.pressure;

import dev.flightdeck.app.watch.ApiEndpoint;
import dev.flightdeck.app.watch.Problems;
import dev.flightdeck.app.watch.StatusBodies;
import io.fabric8.kubernetes.client.http.HttpResponse;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * GETs the API server's own endpoints ({@code /metrics}, {@code /readyz?verbose},
 * {@code /livez?verbose}) through the cluster connection, so they authenticate as the
 * watches do. Never throws: every outcome, good or bad, is a {@link Fetched} whose problem
 * line names what is wrong in the person's terms (a missing permission names the RBAC rule).
 */
public final class ControlPlaneFetcher {

    /** Bodies above this are not a kube-apiserver's /metrics (2-10 MB); refusing keeps memory bounded. */
    static final int MAX_BODY = 64 * 1024 * 1024;
    private static final int TIMEOUT_SECONDS = 20;

    private final ApiEndpoint api;

    public ControlPlaneFetcher(ApiEndpoint api) {
        this.api = api;
    }

    /**
     * One answer.
     *
     * @param status     the HTTP code, or 0 when no answer came
     * @param body       the body (also for /readyz's 500, which lists the failing checks)
     * @param retryAfter what the server asked us to wait (429/503 Retry-After), else null
     * @param problem    null when the body can be used, else one line for the person
     * @param forbidden  the server refused this identity (403): retrying will not help
     */
    public record Fetched(int status, byte[] body, Duration retryAfter, String problem, boolean forbidden) {
    }

    public Fetched get(String path) {
        try {
            HttpResponse<byte[]> r = api.http().sendAsync(api.http().newHttpRequestBuilder().uri(api.uri(path))
                            .header("Accept", "text/plain;version=0.0.4;q=0.9,*/*;q=0.1").build(), byte[].class)
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return classify(path, r.code(), r.body(), r.headers("Retry-After"));
        } catch (ExecutionException e) {
            return new Fetched(0, null, null, "GET " + path + ": " + Problems.describe(e), false);
        } catch (TimeoutException e) {
            return new Fetched(0, null, null, "GET " + path + ": no answer within " + TIMEOUT_SECONDS + " s", false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Fetched(0, null, null, "GET " + path + ": interrupted", false);
        } catch (IllegalStateException e) {
            return new Fetched(0, null, null, "GET " + path + ": the connection was closed", false);
        }
    }

    /** Turns a status, body and Retry-After into a usable body or a problem line. */
    static Fetched classify(String path, int code, byte[] body, List<String> retryAfterHeader) {
        Duration retryAfter = retryAfter(retryAfterHeader);
        boolean health = path.startsWith("/readyz") || path.startsWith("/livez");
        if (code == 200 || (health && code == 500 && body != null && body.length > 0)) {
            if (body != null && body.length > MAX_BODY) {
                return new Fetched(code, null, null, "GET " + path + ": " + body.length / (1024 * 1024)
                        + " MB is more than a kube-apiserver's /metrics; not parsed", false);
            }
            return new Fetched(code, body, retryAfter, null, false);
        }
        String said = StatusBodies.message(body);
        String words = said.isEmpty() ? "" : " (" + said + ")";
        return switch (code) {
            case 401 -> new Fetched(code, null, null, "GET " + path + ": HTTP 401, the credentials were not accepted"
                    + " (expired token or certificate?)" + words, true);
            case 403 -> new Fetched(code, null, null, forbidden(path) + words, true);
            case 429, 503 -> new Fetched(code, null, retryAfter, "GET " + path + ": HTTP " + code + ", the API server"
                    + " is shedding load" + (retryAfter == null ? "" : " and asked to wait " + retryAfter.toSeconds() + " s")
                    + words, false);
            default -> new Fetched(code, null, retryAfter, "GET " + path + ": HTTP " + code + words, false);
        };
    }

    /** The exact rule that is missing, as an admin would write it. */
    static String forbidden(String path) {
        String url = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        return "no permission to read " + url + ": it needs nonResourceURLs: [\"" + url + "\"], verbs: [\"get\"]"
                + (url.equals("/metrics") ? " — e.g. bind the built-in ClusterRole system:monitoring" : "");
    }

    /** Retry-After in seconds (the API server never sends an HTTP date); null when absent or unreadable. */
    static Duration retryAfter(List<String> header) {
        if (header == null || header.isEmpty()) {
            return null;
        }
        try {
            long s = Long.parseLong(header.getFirst().trim());
            return s < 0 ? null : Duration.ofSeconds(Math.min(s, 3600));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
