package dev.flightdeck.app.faults;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback TCP proxy between the console and an API server, for the network's faults: it passes
 * bytes both ways until told to stall (bytes stop mid-stream, the connection stays open), reset every
 * connection (RST), cut the next chunk in half and close (a stream cut mid-event), answer new
 * connections with HTTP 500 or 429 + Retry-After, or delay each response by two seconds (a slow
 * server). What it does is the network's, not the server's: the server behind it is untouched.
 */
public final class FaultProxy implements AutoCloseable {

    public enum Mode { PASS, STALL, FAIL_500, FAIL_429, SLOW }

    private final ServerSocket server;
    private final InetSocketAddress upstream;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final AtomicReference<String> cutAt = new AtomicReference<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger nodeWatches = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final List<Refusal> refusals = new CopyOnWriteArrayList<>();
    private volatile Mode mode = Mode.PASS;
    private volatile int retryAfterSeconds = 2;
    private volatile boolean open = true;

    public FaultProxy(int upstreamPort) throws IOException {
        this.upstream = new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort);
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().name("fault-proxy-accept").daemon().start(this::accept);
    }

    public int port() {
        return server.getLocalPort();
    }

    public String url() {
        return "http://127.0.0.1:" + port();
    }

    /** Switches mode; a failing mode also resets what is open, so every next request meets it. */
    public void mode(Mode m) {
        mode = m;
        if (m == Mode.FAIL_500 || m == Mode.FAIL_429) {
            resetAll();
        }
        synchronized (this) {
            notifyAll(); // stalled pumps look again
        }
    }

    public void retryAfter(int seconds) {
        retryAfterSeconds = seconds;
    }

    /** Every open connection is reset (RST): a stream cut with no goodbye. */
    public void resetAll() {
        links.forEach(Link::reset);
    }

    /**
     * The next bytes from the server that hold {@code marker} are delivered only up to the end of
     * the marker, then that connection closes: the event carrying it is cut in the middle, on
     * whichever stream carries it (a marker, not "the next chunk", so another watcher's bookmark
     * cannot take the cut).
     */
    public void cutInside(String marker) {
        cutAt.set(marker);
    }

    /** Whether a {@link #cutInside} marker is still waiting for a stream to carry it. */
    public boolean cutPending() {
        return cutAt.get() != null;
    }

    /** Node watch requests sent through (a reconnect may reuse a pooled connection, so connections do not tell). */
    public int nodeWatchRequests() {
        return nodeWatches.get();
    }

    /** Connections accepted so far (each reconnect is one). */
    public int accepted() {
        return accepted.get();
    }

    /** Requests answered with a failure instead of forwarded. */
    public int refused() {
        return refused.get();
    }

    /** A request answered with a failure: when its head was read ({@link System#nanoTime}) and what it asked for. */
    public record Refusal(long nanos, String target) {
    }

    /** The refused requests so far, in the order they came. */
    public List<Refusal> refusals() {
        return List.copyOf(refusals);
    }

    private void accept() {
        while (open) {
            try {
                Socket client = server.accept();
                accepted.incrementAndGet();
                Mode m = mode;
                if (m == Mode.FAIL_500 || m == Mode.FAIL_429) {
                    Thread.ofPlatform().daemon().start(() -> refuse(client, m));
                } else {
                    Link l = new Link(client, new Socket(upstream.getAddress(), upstream.getPort()));
                    links.add(l);
                    l.start();
                }
            } catch (IOException e) {
                if (!open) {
                    return;
                }
            }
        }
    }

    /** Reads the request head and answers it as a failing server or gateway would. */
    private void refuse(Socket client, Mode m) {
        try (client) {
            InputStream in = client.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) >= 0) {
                head.write(b);
                byte[] h = head.toByteArray();
                int n = h.length;
                if (n >= 4 && h[n - 4] == '\r' && h[n - 3] == '\n' && h[n - 2] == '\r' && h[n - 1] == '\n') {
                    break;
                }
            }
            refusals.add(new Refusal(System.nanoTime(), target(head.toString(StandardCharsets.US_ASCII))));
            refused.incrementAndGet();
            String body = m == Mode.FAIL_500
                    ? "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"etcdserver: request timed out\",\"code\":500}"
                    : "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"Too many requests, please try again later.\",\"reason\":\"TooManyRequests\",\"code\":429}";
            String status = m == Mode.FAIL_500 ? "500 Internal Server Error" : "429 Too Many Requests";
            String extra = m == Mode.FAIL_429 ? "Retry-After: " + retryAfterSeconds + "\r\n" : "";
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            OutputStream out = client.getOutputStream();
            out.write(("HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\n" + extra + "Content-Length: "
                    + bytes.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
        } catch (IOException ignored) {
            // the client gave up first
        }
    }

    /** "GET /api/v1/nodes?watch=true HTTP/1.1" → "/api/v1/nodes?watch=true". */
    private static String target(String head) {
        String[] requestLine = head.split("\r\n", 2)[0].split(" ");
        return requestLine.length >= 2 ? requestLine[1] : "";
    }

    private void waitWhileStalled() throws InterruptedException {
        synchronized (this) {
            while (mode == Mode.STALL && open) {
                wait(100);
            }
        }
    }

    /** One proxied connection: two pumps. */
    private final class Link {
        private final Socket client;
        private final Socket upstreamSocket;
        private volatile boolean awaitingResponse;

        Link(Socket client, Socket upstreamSocket) {
            this.client = client;
            this.upstreamSocket = upstreamSocket;
        }

        void start() {
            Thread.ofPlatform().name("fault-proxy-up").daemon().start(() -> pump(client, upstreamSocket, true));
            Thread.ofPlatform().name("fault-proxy-down").daemon().start(() -> pump(upstreamSocket, client, false));
        }

        private void pump(Socket from, Socket to, boolean towardsServer) {
            byte[] buf = new byte[16 * 1024];
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                int n;
                while ((n = in.read(buf)) >= 0) {
                    waitWhileStalled();
                    if (towardsServer) {
                        awaitingResponse = true;
                        if (new String(buf, 0, n, StandardCharsets.ISO_8859_1).contains("/api/v1/nodes?watch=1")) {
                            nodeWatches.incrementAndGet();
                        }
                    } else {
                        if (mode == Mode.SLOW && awaitingResponse) {
                            Thread.sleep(2_000);
                        }
                        awaitingResponse = false;
                        String marker = cutAt.get();
                        int at = marker == null ? -1
                                : new String(buf, 0, n, StandardCharsets.ISO_8859_1).indexOf(marker);
                        if (at >= 0 && cutAt.compareAndSet(marker, null)) {
                            out.write(buf, 0, at + marker.length());
                            out.flush();
                            close();
                            return;
                        }
                    }
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // a reset, a close from the other side, or the proxy closing
            }
            close();
        }

        void reset() {
            try {
                client.setSoLinger(true, 0);
                upstreamSocket.setSoLinger(true, 0);
            } catch (IOException ignored) {
                // closing anyway
            }
            close();
        }

        void close() {
            links.remove(this);
            try {
                client.close();
            } catch (IOException ignored) {
                // already gone
            }
            try {
                upstreamSocket.close();
            } catch (IOException ignored) {
                // already gone
            }
        }
    }

    @Override
    public void close() {
        open = false;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing
        }
        links.forEach(Link::close);
        synchronized (this) {
            notifyAll();
        }
    }
}
