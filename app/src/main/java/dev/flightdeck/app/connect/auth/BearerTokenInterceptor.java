package dev.flightdeck.app.connect.auth;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;

import java.util.concurrent.CompletableFuture;

/**
 * Puts the current token of a {@link TokenSource} on every request, and answers a 401 by asking
 * the source for a newer token and sending the request once more with it — the session picks up
 * rotated credentials without a reconnect. A request is repeated only when the token changed, so
 * a server that rejects every token sees each request at most twice.
 */
public final class BearerTokenInterceptor implements Interceptor {

    public static final String NAME = "flightdeck-credentials";
    private static final String AUTHORIZATION = "Authorization";
    private static final String BEARER = "Bearer ";

    private static final java.util.concurrent.Executor REFRESHER =
            java.util.concurrent.Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("credential-refresh").factory());

    private final TokenSource source;

    public BearerTokenInterceptor(TokenSource source) {
        this.source = source;
    }

    public TokenSource source() {
        return source;
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
        builder.setHeader(AUTHORIZATION, BEARER + source.token());
    }

    @Override
    public CompletableFuture<Boolean> afterFailure(BasicBuilder builder, HttpResponse<?> response, RequestTags tags) {
        if (response.code() != 401) {
            return CompletableFuture.completedFuture(false);
        }
        String sent = response.request() == null ? null : response.request().header(AUTHORIZATION);
        if (sent == null || !sent.startsWith(BEARER)) {
            return CompletableFuture.completedFuture(false);
        }
        String rejected = sent.substring(BEARER.length());
        // A refresh may run the plugin for seconds: never on the HTTP client's event loop.
        return CompletableFuture.supplyAsync(() -> {
            source.rejected(rejected);
            String fresh;
            try {
                fresh = source.token();
            } catch (CredentialsUnavailable e) {
                return false; // the next request's before() says why
            }
            if (fresh.equals(rejected)) {
                return false;
            }
            builder.setHeader(AUTHORIZATION, BEARER + fresh);
            return true;
        }, REFRESHER);
    }
}
