package dev.flightdeck.views;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * TLS in front of a plain-HTTP sandbox, with a fresh self-signed certificate (made by the JDK's
 * keytool) that no client trusts: the console reaches the sandbox through it only when the
 * kubeconfig says {@code insecure-skip-tls-verify: true}, so a test of what the screens say about
 * TLS runs over real TLS whose verification is really off. Each connection is piped both ways as
 * bytes (watches are long-lived streams; nothing is parsed).
 */
public final class TlsFront implements AutoCloseable {

    /** The keystore's password: a throw-away store in the test's folder, never handed to Flightdeck. */
    private static final String STORE_PASSWORD = "changeit";

    private final SSLServerSocket server;
    private final String backendHost;
    private final int backendPort;
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    private TlsFront(SSLServerSocket server, String backendUrl) {
        this.server = server;
        URI backend = URI.create(backendUrl);
        this.backendHost = backend.getHost();
        this.backendPort = backend.getPort();
        Thread.ofVirtual().name("tls-front-accept").start(this::accept);
    }

    /** Starts a front for {@code backendUrl} (http://host:port), its certificate made in {@code dir}. */
    public static TlsFront start(String backendUrl, Path dir) throws Exception {
        Path store = dir.resolve("tls-front.p12");
        Files.deleteIfExists(store);
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-keystore", store.toString(), "-storetype", "PKCS12",
                "-storepass", STORE_PASSWORD, "-keyalg", "EC", "-groupname", "secp256r1", "-alias", "server",
                "-dname", "CN=tls-front", "-validity", "2", "-ext", "SAN=ip:127.0.0.1").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException("keytool failed: " + out);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, STORE_PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, STORE_PASSWORD.toCharArray());
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(kmf.getKeyManagers(), null, null);
        SSLServerSocket s = (SSLServerSocket) ssl.getServerSocketFactory().createServerSocket(0, 50,
                InetAddress.getLoopbackAddress());
        return new TlsFront(s, backendUrl);
    }

    /** The front's address, e.g. {@code https://127.0.0.1:40123}. */
    public String url() {
        return "https://127.0.0.1:" + server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                open.add(client);
                Thread.ofVirtual().name("tls-front-conn").start(() -> pipe(client));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pipe(Socket client) {
        try (client; Socket backend = new Socket(backendHost, backendPort)) {
            open.add(backend);
            Thread up = Thread.ofVirtual().start(() -> copy(client, backend));
            copy(backend, client);
            up.join();
        } catch (IOException | InterruptedException e) {
            // a handshake the client refused, or either side hung up: this connection is over
        }
    }

    private static void copy(Socket from, Socket to) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            byte[] buf = new byte[16 * 1024];
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side is gone
        } finally {
            closeQuietly(to);
            closeQuietly(from);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // already closed
        }
        open.forEach(TlsFront::closeQuietly);
    }
}
