package dev.flightdeck.sandbox;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;

/**
 * Who may throw a sandbox's switches: its control surface ({@link SandboxControlSurface}) cuts the object
 * store, stops checkpoints and scripts failures, so it answers only whoever started the sandbox — not
 * another user of the machine, nor a web page in a browser on it. Two checks, before anything is switched:
 * <ol>
 *   <li>the request is addressed to this server by a loopback name and its port ({@code Host}:
 *       {@code 127.0.0.1:PORT}, {@code localhost:PORT} or {@code [::1]:PORT}), else 403 — a page that
 *       rebinds its own DNS name to 127.0.0.1 still sends its own name as the Host;</li>
 *   <li>the request carries the sandbox's token in {@value #HEADER}, else 401. The token is 256 random
 *       bits drawn when the sandbox starts, held only in the starter's memory (never logged, printed,
 *       written to a file, or put in a URL) and compared in constant time.</li>
 * </ol>
 * A dedicated header rather than {@code Authorization: Bearer}: on this port {@code Authorization} belongs
 * to the Kubernetes API, where a kubeconfig's user sends its own token; the control token must never be
 * mistaken for a Kubernetes credential, nor a Kubernetes credential open the control surface. Either kind
 * of custom header also makes a browser ask first (a CORS preflight), which this server never grants.
 * The Kubernetes API on the same port asks only for a loopback name, on any port ({@link #notLoopback}).
 */
final class SandboxControlGuard {

    /** The request header that carries the control token. */
    static final String HEADER = "X-Flightdeck-Sandbox-Token";
    /** 256 bits: more than the 128 any guessing could hope to cover. */
    private static final int TOKEN_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost", "[::1]");

    private final String token;
    private final byte[] tokenBytes;
    private final int port;

    /** @param port the port the server listens on: the only one a control request may be addressed to */
    SandboxControlGuard(int port) {
        byte[] random = new byte[TOKEN_BYTES];
        RANDOM.nextBytes(random);
        this.token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        this.tokenBytes = token.getBytes(StandardCharsets.US_ASCII);
        this.port = port;
    }

    /** The token, for whoever started the sandbox, and nobody else. */
    String token() {
        return token;
    }

    /**
     * Why a control request is refused, as the answer to give; null when it may go on.
     *
     * @param host      the request's Host header (null when it has none)
     * @param presented the request's {@value #HEADER} (null when it has none)
     */
    SandboxControlSurface.Answer refuse(String host, String presented) {
        if (!addressedHere(host)) {
            return new SandboxControlSurface.Answer(403, ApiAnswers.statusJson(403, "Forbidden",
                    "the sandbox's control surface answers only requests addressed to 127.0.0.1:" + port + ", localhost:"
                            + port + " or [::1]:" + port + ", not to " + shown(host)));
        }
        if (presented == null || presented.isEmpty()) {
            return unauthorized("no " + HEADER);
        }
        // isEqual's time depends on the lengths only, never on where the bytes first differ.
        if (!MessageDigest.isEqual(tokenBytes, presented.getBytes(StandardCharsets.UTF_8))) {
            return unauthorized("a wrong " + HEADER);
        }
        return null;
    }

    /**
     * Why a request to the Kubernetes API part is refused, in words; null when it is addressed by a loopback
     * name. Any port: tests put fault-injecting proxies on other loopback ports in front of it. No Host at
     * all (an HTTP/1.0 client) passes: every browser sends one, and a browser's page is what this keeps out
     * (it holds only simulated objects, but a page rebound to 127.0.0.1 must not read or change them).
     */
    static String notLoopback(String host) {
        if (host == null || LOOPBACK_NAMES.contains(name(host))) {
            return null;
        }
        return "the sandbox answers only requests addressed to it by a loopback name (127.0.0.1, localhost or [::1]), "
                + "not to " + shown(host);
    }

    /**
     * Where a request says it was sent: its Host header, or an HTTP/2 request's {@code :authority} (a client
     * that upgrades to h2c, as Java's HttpClient does, has no Host header left); null when neither.
     */
    static String addressedTo(HttpServerRequest req) {
        HostAndPort a = req.authority();
        if (a == null) {
            return req.getHeader("Host");
        }
        return a.port() < 0 ? a.host() : a.host() + ":" + a.port();
    }

    private boolean addressedHere(String host) {
        if (host == null) {
            return false;
        }
        int colon = host.lastIndexOf(':');
        return colon > 0 && host.substring(colon + 1).equals(Integer.toString(port))
                && LOOPBACK_NAMES.contains(host.substring(0, colon).toLowerCase(Locale.ROOT));
    }

    /** The host name of a Host header, without its port, in lower case. */
    private static String name(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        int colon = h.lastIndexOf(':');
        // "[::1]" has colons of its own: a port follows only the closing bracket.
        return colon > h.lastIndexOf(']') ? h.substring(0, colon) : h;
    }

    private static SandboxControlSurface.Answer unauthorized(String what) {
        return new SandboxControlSurface.Answer(401, ApiAnswers.statusJson(401, "Unauthorized",
                what + ": the sandbox's control surface needs the token its starter was given"));
    }

    /** A Host header as said back: whatever a client sent, on one short line. */
    private static String shown(String host) {
        if (host == null) {
            return "no host at all";
        }
        String h = host.replaceAll("\\p{Cntrl}", "?");
        return h.length() > 100 ? h.substring(0, 100) + "…" : h;
    }

    @Override
    public String toString() {
        return "SandboxControlGuard[port " + port + "]";
    }
}
