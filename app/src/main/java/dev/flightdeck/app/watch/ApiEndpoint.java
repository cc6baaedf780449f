package dev.flightdeck.app.watch;

import io.fabric8.kubernetes.client.http.HttpClient;

import java.net.URI;

/**
 * An authenticated HTTP client and the API server's base URL. fabric8's client
 * carries the kubeconfig's TLS settings, tokens and exec-plugin refresh, so raw
 * requests made through it authenticate exactly as the typed client does.
 */
public record ApiEndpoint(HttpClient http, String baseUrl) {

    public URI uri(String pathAndQuery) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        return URI.create(base + pathAndQuery);
    }
}
