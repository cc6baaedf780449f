package dev.flightdeck.bench.screen;

import dev.flightdeck.app.kube.ApiPath;
import io.fabric8.kubernetes.client.Config;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;

/**
 * Plain HTTP/1.1 keep-alive connections to the API server as the admin of a kubeconfig (server, CA file and
 * bearer token, as {@code ControlPlane} writes them). One {@link Connection} is one TCP connection when used by
 * one thread at a time: the load generators open many, as a fleet of kubelets would, and read no answer they do
 * not need. Not the console's client: what is measured is the console, these only load the server.
 */
final class ApiConnections {

    static final String JSON = "application/json";
    static final String MERGE_PATCH = "application/merge-patch+json";
    static final String STRATEGIC_PATCH = "application/strategic-merge-patch+json";

    private final String server;
    private final String token;
    private final SSLContext tls;

    private ApiConnections(String server, String token, SSLContext tls) {
        this.server = server.endsWith("/") ? server.substring(0, server.length() - 1) : server;
        this.token = token;
        this.tls = tls;
    }

    /** The admin of {@code kubeconfig}'s current context: its server, its CA file and its static token. */
    static ApiConnections fromKubeconfig(Path kubeconfig) throws IOException {
        Config c = Config.fromKubeconfig(Files.readString(kubeconfig));
        if (c.getAutoOAuthToken() == null || c.getCaCertFile() == null) {
            throw new IOException("kubeconfig " + kubeconfig + " has no token or no certificate-authority file");
        }
        return new ApiConnections(c.getMasterUrl(), c.getAutoOAuthToken(), trusting(Path.of(c.getCaCertFile())));
    }

    Connection open() {
        return new Connection(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(tls)
                .connectTimeout(Duration.ofSeconds(10)).build());
    }

    /** One keep-alive connection (use it from one thread at a time). */
    final class Connection {
        private final HttpClient http;

        private Connection(HttpClient http) {
            this.http = http;
        }

        /** Sends {@code body} (or nothing) and returns the status code and the body as text. */
        HttpResponse<String> send(String method, ApiPath path, String contentType, byte[] body)
                throws IOException, InterruptedException {
            HttpRequest.Builder b = request(path).timeout(Duration.ofSeconds(60));
            if (contentType != null) {
                b.header("Content-Type", contentType);
            }
            return http.send(b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
        }

        /** A GET whose body is read as a stream (a LIST page, counted rather than kept). */
        HttpResponse<InputStream> stream(ApiPath path) throws IOException, InterruptedException {
            return http.send(request(path).timeout(Duration.ofMinutes(5)).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
        }

        private HttpRequest.Builder request(ApiPath path) {
            return HttpRequest.newBuilder(URI.create(server + path)).header("Authorization", "Bearer " + token)
                    .header("Accept", JSON);
        }
    }

    private static SSLContext trusting(Path caFile) throws IOException {
        try (InputStream in = Files.newInputStream(caFile)) {
            KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
            ks.load(null, null);
            ks.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(ks);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, tmf.getTrustManagers(), null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot trust the CA " + caFile + ": " + e.getMessage(), e);
        }
    }
}
