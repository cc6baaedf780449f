package dev.flightdeck.app.settings;

import java.net.URI;
import java.nio.file.Path;

/**
 * The Prometheus a cluster's GPU telemetry is read from, when a person names one (without it the console looks for
 * one behind the API server's service proxy). Secrets are never here: only the files that hold them, read when the
 * source is opened (and then registered with the redaction boundary), so a rotated token file takes effect on the
 * next connect and the settings file can be shared.
 *
 * @param url                   the Prometheus's base URL ({@code https://prom.lab}, or with a path prefix
 *                              {@code https://gw.lab/prometheus}); its HTTP API is under {@code /api/v1}
 * @param bearerTokenFile       a file holding a bearer token, or null
 * @param username              basic auth's user (with {@code passwordFile}), or null
 * @param passwordFile          a file holding basic auth's password, or null
 * @param caFile                a PEM file of the CA(s) to trust for {@code url} instead of the system's, or null
 * @param insecureSkipTlsVerify do not verify the server's certificate (said wherever the source is described)
 */
public record PrometheusSettings(URI url, Path bearerTokenFile, String username, Path passwordFile, Path caFile,
                                 boolean insecureSkipTlsVerify) {

    public PrometheusSettings {
        if (url == null) {
            throw new IllegalArgumentException("prometheus.url is needed (an http:// or https:// URL)");
        }
        String scheme = url.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme) || url.getHost() == null) {
            throw new IllegalArgumentException("prometheus.url \"" + url + "\" is not an http:// or https:// URL with a host");
        }
        if (url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new IllegalArgumentException("prometheus.url \"" + url + "\" must not carry a query or fragment");
        }
        if (url.getRawUserInfo() != null) {
            // A password in the URL would be written back to the settings file and shown wherever the source is named.
            throw new IllegalArgumentException("prometheus.url must not carry a user or password; use username and passwordFile");
        }
        username = username == null || username.isBlank() ? null : username.strip();
        if (username != null && passwordFile == null) {
            throw new IllegalArgumentException("prometheus.username needs prometheus.passwordFile");
        }
        if (passwordFile != null && username == null) {
            throw new IllegalArgumentException("prometheus.passwordFile needs prometheus.username");
        }
        if (bearerTokenFile != null && username != null) {
            throw new IllegalArgumentException("prometheus: bearerTokenFile and username/passwordFile are exclusive; set one");
        }
        if (insecureSkipTlsVerify && caFile != null) {
            throw new IllegalArgumentException("prometheus: caFile and insecureSkipTlsVerify are exclusive; set one");
        }
    }

    /** Only the URL: no credentials, the system's CAs. */
    public static PrometheusSettings of(URI url) {
        return new PrometheusSettings(url, null, null, null, null, false);
    }
}
