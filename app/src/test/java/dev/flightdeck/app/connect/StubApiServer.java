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

    /** HTTPS with a fresh self-signed certificate that no client trusts. */
    static StubApiServer untrustedHttps(Path dir, Handler handler) throws Exception {
        Path store = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", "changeit",
                "-keyalg", "RSA", "-keysize", "2048", "-alias", "server", "-dname", "CN=untrusted-apiserver",
                "-validity", "2", "-ext", "SAN=ip:127.0.0.1").redirectErrorStream(true).start();
        if (keytool.waitFor() != 0) {
            throw new IllegalStateException(new String(keytool.getInputStream().readAllBytes()));
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(store)) {
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
