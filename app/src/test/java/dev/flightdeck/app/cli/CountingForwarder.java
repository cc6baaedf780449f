package dev.flightdeck.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP forwarder on 127.0.0.1 that counts the connections made through it: a kubeconfig pointed at it instead of
 * the API server proves whether a command sent anything at all (TLS passes through untouched). With no target it
 * answers nothing and only counts.
 */
final class CountingForwarder implements AutoCloseable {

    private final ServerSocket listener;
    private final AtomicInteger connections = new AtomicInteger();

    /** @param target {@code https://127.0.0.1:PORT}, or null to count and close */
    CountingForwarder(String target) throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        URI to = target == null ? null : URI.create(target);
        Thread.ofVirtual().start(() -> {
            while (!listener.isClosed()) {
                try {
                    Socket in = listener.accept();
                    connections.incrementAndGet();
                    if (to == null) {
                        in.close();
                        continue;
                    }
                    Socket out = new Socket(to.getHost(), to.getPort());
                    Thread.ofVirtual().start(() -> pipe(in, out));
                    Thread.ofVirtual().start(() -> pipe(out, in));
                } catch (IOException e) {
                    return; // closed
                }
            }
        });
    }

    private static void pipe(Socket from, Socket to) {
        try (InputStream i = from.getInputStream(); OutputStream o = to.getOutputStream()) {
            i.transferTo(o);
        } catch (IOException e) {
            // one side closed: so is the other
        } finally {
            try {
                from.close();
                to.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    int connections() {
        return connections.get();
    }

    String url(String scheme) {
        return scheme + "://127.0.0.1:" + listener.getLocalPort();
    }

    /** {@code kubeconfig} with its server URL replaced by this forwarder's. */
    Path kubeconfig(Path kubeconfig, String server) throws IOException {
        String text = Files.readString(kubeconfig);
        if (!text.contains(server)) {
            throw new IllegalArgumentException(kubeconfig + " does not name " + server);
        }
        Path copy = Files.createTempFile("forwarded", ".kubeconfig");
        return Files.writeString(copy, text.replace(server, url(URI.create(server).getScheme())));
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
