package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ServiceObject;

import java.io.IOException;
import java.util.Map;

/**
 * Requests to a Prometheus inside the cluster through the API server's service proxy, on the cluster connection
 * (its TLS, credentials and request budget): nothing to configure, and it works wherever the person may
 * {@code get services/proxy}, as Lens reaches a cluster's Prometheus. Only GET is sent: the API server takes URLs up
 * to 1 MB, far beyond any query the console makes, so a long query needs no form here.
 */
final class ServiceProxyTransport implements PrometheusTransport {

    private final KubeRest rest;
    private final ServiceObject service;
    private final ServiceObject.Port port;
    private final String how;
    private final int maxBytes;

    /** @param how how the Service was chosen, in words ("found by label operated-prometheus=true") */
    ServiceProxyTransport(KubeRest rest, ServiceObject service, ServiceObject.Port port, String how, int maxBytes) {
        this.rest = rest;
        this.service = service;
        this.port = port;
        this.how = how;
        this.maxBytes = maxBytes;
    }

    @Override
    public Answer get(String path, Map<String, String> params) throws IOException {
        ApiPath p = service.proxyPath(port, path);
        for (Map.Entry<String, String> e : params.entrySet()) {
            p = p.param(e.getKey(), e.getValue());
        }
        // Read whole by KubeRest (its own 30 s deadline), the cap checked after: KubeRest.stream() through the
        // service proxy had kube-apiserver 1.32 close the connection before the status line (seen in
        // PrometheusDiscoveryRealTest), where a plain GET of the same path is answered.
        KubeRest.Answer a = rest.get(p);
        byte[] body = a.body() == null ? new byte[0] : a.body();
        if (body.length > maxBytes) {
            throw CappedBody.tooLarge(maxBytes);
        }
        return new Answer(a.code(), a.ok() ? body : a.message().getBytes(java.nio.charset.StandardCharsets.UTF_8));
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
