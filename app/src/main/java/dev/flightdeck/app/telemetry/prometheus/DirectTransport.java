package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.settings.PrometheusSettings;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Requests straight to a Prometheus at the URL the settings name (java.net.http: HTTP/1.1 and 2, its TLS, no
 * redirect followed so a credential is never sent elsewhere). gzip is asked for: a whole fleet's vector is tens of
 * MB of JSON and packs about tenfold.
 */
final class DirectTransport implements PrometheusTransport {

    private final URI base;
    private final HttpClient http;
    private final PrometheusCredentials credentials;
    private final Duration timeout;
    private final int maxBytes;
    private final boolean unverified;

    DirectTransport(PrometheusSettings settings, Duration timeout, int maxBytes) throws IOException {
        String url = settings.url().toString();
        this.base = URI.create(url.endsWith("/") ? url : url + "/");
        this.credentials = new PrometheusCredentials(settings);
        this.timeout = timeout;
        this.maxBytes = maxBytes;
        this.unverified = settings.insecureSkipTlsVerify() && "https".equals(base.getScheme());
        SSLContext tls = settings.insecureSkipTlsVerify() ? PrometheusTls.unverified()
                : settings.caFile() != null ? PrometheusTls.trusting(settings.caFile()) : PrometheusTls.systemDefault();
        this.http = HttpClient.newBuilder().sslContext(tls).connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public Answer get(String path, Map<String, String> params) throws IOException {
        return send(request(path + (params.isEmpty() ? "" : "?" + PrometheusTransport.form(params))).GET().build());
    }

    @Override
    public Answer postForm(String path, Map<String, String> params) throws IOException {
        return send(request(path).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(PrometheusTransport.form(params))).build());
    }

    @Override
    public String describe() {
        return "Prometheus at " + base.toString().replaceAll("/$", "") + " (settings"
                + (credentials.describe().equals("no credentials") ? "" : "; " + credentials.describe())
                + (unverified ? "; TLS NOT VERIFIED: insecureSkipTlsVerify is set" : "") + ")";
    }

    private HttpRequest.Builder request(String pathAndQuery) throws IOException {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(timeout)
                .header("Accept", "application/json").header("Accept-Encoding", "gzip");
        String auth = credentials.authorization();
        if (auth != null) {
            b.header("Authorization", auth);
        }
        return b;
    }

    private Answer send(HttpRequest request) throws IOException {
        dev.flightdeck.app.threads.UiThreadGuard.blocking(request.method() + " " + request.uri().getPath());
        CompletableFuture<HttpResponse<byte[]>> pending = http.sendAsync(request, CappedBody.handler(maxBytes));
        try {
            // The request's own timeout ends at the headers; this one also bounds a body that trickles.
            HttpResponse<byte[]> r = pending.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            byte[] body = r.body();
            if (r.headers().firstValue("Content-Encoding").filter("gzip"::equalsIgnoreCase).isPresent()) {
                body = CappedBody.gunzip(body, maxBytes);
            }
            return new Answer(r.statusCode(), body);
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new IOException("no answer within " + timeout.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            throw failure(e.getCause() == null ? e : e.getCause());
        } catch (InterruptedException e) {
            pending.cancel(true);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private IOException failure(Throwable t) {
        if (t instanceof HttpTimeoutException) {
            return new IOException("no answer within " + timeout.toSeconds() + " s", t);
        }
        if (t instanceof java.net.ConnectException) {
            return new IOException("connection refused: is it up, and is the URL's port right?", t);
        }
        if (t instanceof javax.net.ssl.SSLHandshakeException) {
            return new IOException("TLS handshake failed (" + dev.flightdeck.app.watch.Problems.plain(t)
                    + "); set caFile to the CA that signed its certificate", t);
        }
        if (t instanceof java.nio.channels.UnresolvedAddressException || t instanceof java.net.UnknownHostException) {
            return new IOException("its host name does not resolve", t);
        }
        if (t instanceof IOException io && io.getMessage() != null && io.getMessage().startsWith("the answer is larger")) {
            return io;
        }
        return new IOException(dev.flightdeck.app.watch.Problems.plain(t), t);
    }
}
