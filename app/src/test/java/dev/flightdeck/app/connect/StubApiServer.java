package dev.flightdeck.app.connect;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.Executors;

/**
 * A deliberately misbehaving API server for connection-failure tests: it answers what
 * a real kube-apiserver answers in each failure (401, 403 Status bodies, a TLS
 * certificate the client does not trust), which the sandbox never does.
 */
final class StubApiServer implements AutoCloseable {

    interface Handler {
        void handle(HttpExchange exchange) throws IOException;
    }

    private final HttpServer server;

    private StubApiServer(HttpServer server, Handler handler) {
        this.server = server;
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            try {
                handler.handle(exchange);
            } catch (IOException ignored) {
                // the client hung up
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    static StubApiServer http(Handler handler) throws IOException {
        return new StubApiServer(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0), handler);
    }

    /** A self-signed serving certificate: its key store (for the server) and its PEM (for a kubeconfig's CA). */
    record Certified(Path store, Path pem) {
    }

    /** A fresh self-signed certificate {@code CN=name} for {@code san} (keytool syntax: {@code ip:127.0.0.1}, {@code dns:x}). */
    static Certified certificate(Path dir, String name, String san) throws Exception {
        Path store = dir.resolve(name + ".p12");
        Path pem = dir.resolve(name + ".crt");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        run(keytool, "-genkeypair", "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", "changeit",
                "-keyalg", "EC", "-groupname", "secp256r1", "-alias", "server", "-dname", "CN=" + name, "-validity", "2",
                "-ext", "SAN=" + san);
        run(keytool, "-exportcert", "-rfc", "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", "changeit",
                "-alias", "server", "-file", pem.toString());
        return new Certified(store, pem);
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException(out);
        }
    }

    /** HTTPS with a fresh self-signed certificate that no client trusts. */
    static StubApiServer untrustedHttps(Path dir, Handler handler) throws Exception {
        return https(certificate(dir, "untrusted-apiserver", "ip:127.0.0.1"), handler);
    }

    /** HTTPS serving {@code cert}. */
    static StubApiServer https(Certified cert, Handler handler) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(cert.store())) {
            ks.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(kmf.getKeyManagers(), null, null);
        HttpsServer https = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        https.setHttpsConfigurator(new HttpsConfigurator(ssl));
        return new StubApiServer(https, handler);
    }

    String url(String scheme) {
        return scheme + "://127.0.0.1:" + server.getAddress().getPort();
    }

    static void json(HttpExchange ex, int code, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(code, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
