package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ServiceObject;
import dev.flightdeck.app.kube.StreamedAnswer;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Requests to a Prometheus inside the cluster through the API server's service proxy, on the cluster connection
 * (its TLS, credentials and request budget): nothing to configure, and it works wherever the person may
 * {@code get services/proxy}, as Lens reaches a cluster's Prometheus. Only GET is sent: the API server takes URLs up
 * to 1 MB, far beyond any query the console makes, so a long query needs no form here.
 */
final class ServiceProxyTransport implements PrometheusTransport {

    /** One daemon timer for every proxied read: it closes an answer whose body outlives the deadline. */
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "prometheus-proxy-deadline");
        t.setDaemon(true);
        return t;
    });

    private final KubeRest rest;
    private final ServiceObject service;
    private final ServiceObject.Port port;
    private final String how;
    private final Duration timeout;
    private final int maxBytes;

    /** @param how how the Service was chosen, in words ("found by label operated-prometheus=true") */
    ServiceProxyTransport(KubeRest rest, ServiceObject service, ServiceObject.Port port, String how, Duration timeout,
                          int maxBytes) {
        this.rest = rest;
        this.service = service;
        this.port = port;
        this.how = how;
        this.timeout = timeout;
        this.maxBytes = maxBytes;
    }

    @Override
    public Answer get(String path, Map<String, String> params) throws IOException {
        ApiPath p = service.proxyPath(port, path);
        for (Map.Entry<String, String> e : params.entrySet()) {
            p = p.param(e.getKey(), e.getValue());
        }
        AtomicBoolean late = new AtomicBoolean();
        try (StreamedAnswer a = rest.stream(p)) {
            ScheduledFuture<?> deadline = DEADLINES.schedule(() -> {
                late.set(true);
                a.close();
            }, timeout.toMillis(), TimeUnit.MILLISECONDS);
            try {
                // An error's body was read into message() already: hand back the words, not the empty stream.
                byte[] body = a.ok() ? CappedBody.readCapped(a.body(), maxBytes)
                        : a.message().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                return new Answer(a.code(), body);
            } catch (IOException e) {
                throw late.get() ? new IOException("no answer within " + timeout.toSeconds() + " s", e) : e;
            } finally {
                deadline.cancel(false);
            }
        }
    }

    @Override
    public Answer postForm(String path, Map<String, String> params) throws IOException {
        return get(path, params);
    }

    @Override
    public String describe() {
        return service.name() + " in " + service.namespace() + " (port " + port.number()
                + (port.https() ? ", https" : "") + "), through the API server's service proxy; " + how;
    }
}
