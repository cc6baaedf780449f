package dev.flightdeck.app.controlplane;

import com.sun.net.httpserver.HttpExchange;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The containers' logs the kubelet stand-in keeps and serves at {@code /containerLogs/NS/POD/CONTAINER}, the path the
 * API server proxies {@code pods/log} to, with the kubelet's query: {@code tailLines}, {@code limitBytes},
 * {@code previous}, {@code timestamps} (RFC 3339, nine digits of nanoseconds), {@code sinceSeconds}/{@code sinceTime}
 * and {@code follow} (new lines as they are written, until the container ends). Each line is stamped when it was
 * written, as the container runtime does; a run that has ended keeps its log as the previous one after a restart.
 */
final class StandInContainerLogs {

    private static final DateTimeFormatter KUBELET_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.nnnnnnnnn'Z'")
            .withZone(ZoneOffset.UTC);
    /** A followed log that nothing ends (a test forgot) stops by itself after this long. */
    private static final long FOLLOW_MAX_MS = 120_000;

    record Line(Instant at, String text) { }

    /** One run's log: its lines, and whether the run has ended (a follow of it then ends). */
    private static final class Run {
        final List<Line> lines = new CopyOnWriteArrayList<>();
        volatile boolean ended;
    }

    private final Map<String, Run> current = new ConcurrentHashMap<>();
    private final Map<String, Run> previous = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** A new run of the pod's container writing {@code text}, line by line a millisecond apart from {@code start}. */
    void started(String namespace, String pod, String text, Instant start, boolean ended) {
        current.put(namespace + "/" + pod, run(text, start, ended));
    }

    /** The run before the container's restart, which ended at {@code end}. */
    void previous(String namespace, String pod, String text, Instant end) {
        Run r = run(text, end.minusMillis(text.lines().count() + 1), true);
        previous.put(namespace + "/" + pod, r);
    }

    private static Run run(String text, Instant start, boolean ended) {
        Run r = new Run();
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            r.lines.add(new Line(start.plusMillis(i), lines.get(i)));
        }
        r.ended = ended;
        return r;
    }

    /** The container writes one more line now. */
    void append(String namespace, String pod, String line) {
        Run r = current.get(namespace + "/" + pod);
        if (r == null) {
            throw new IllegalStateException("no container of " + namespace + "/" + pod + " has started");
        }
        r.lines.add(new Line(Instant.now(), line));
    }

    /** The container's run ends: a follow of its log ends too. */
    void end(String namespace, String pod) {
        Run r = current.get(namespace + "/" + pod);
        if (r != null) {
            r.ended = true;
        }
    }

    void close() {
        closed = true;
    }

    void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            // /containerLogs/{namespace}/{pod}/{container}
            String[] parts = exchange.getRequestURI().getPath().split("/");
            Map<String, String> q = query(exchange.getRequestURI().getRawQuery());
            String key = parts.length >= 4 ? parts[2] + "/" + parts[3] : "";
            String container = parts.length >= 5 ? parts[4] : "";
            boolean prev = "true".equals(q.get("previous"));
            Run run = (prev ? previous : current).get(key);
            if (run == null) {
                String why = prev ? "previous terminated container \"" + container + "\" in pod \"" + (parts.length >= 4 ? parts[3] : "")
                        + "\" not found" : "container \"" + container + "\" in pod \"" + key + "\" is waiting to start";
                byte[] b = why.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(400, b.length);
                exchange.getResponseBody().write(b);
                return;
            }
            Instant since = q.containsKey("sinceSeconds") ? Instant.now().minusSeconds(Long.parseLong(q.get("sinceSeconds")))
                    : q.containsKey("sinceTime") ? Instant.parse(q.get("sinceTime")) : null;
            boolean stamps = "true".equals(q.get("timestamps"));
            long limit = q.containsKey("limitBytes") ? Long.parseLong(q.get("limitBytes")) : Long.MAX_VALUE;
            List<Line> lines = run.lines;
            int from = 0;
            if (since != null) {
                while (from < lines.size() && lines.get(from).at().isBefore(since)) {
                    from++;
                }
            }
            if (q.containsKey("tailLines")) {
                from = Math.max(from, lines.size() - Integer.parseInt(q.get("tailLines")));
            }
            exchange.getResponseHeaders().add("Content-Type", "text/plain");
            if (!"true".equals(q.get("follow"))) {
                byte[] body = render(lines, from, lines.size(), stamps, limit);
                exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
                exchange.getResponseBody().write(body);
                return;
            }
            follow(exchange, run, from, stamps, limit);
        }
    }

    /** Streams the lines from {@code from} on, and each new one as it is written, until the run ends. */
    private void follow(HttpExchange exchange, Run run, int from, boolean stamps, long limit) throws IOException {
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        long sent = 0;
        int next = from;
        long deadline = System.currentTimeMillis() + FOLLOW_MAX_MS;
        while (!closed && sent < limit && System.currentTimeMillis() < deadline) {
            boolean endedBefore = run.ended;
            int size = run.lines.size();
            if (size > next) {
                byte[] b = render(run.lines, next, size, stamps, limit - sent);
                out.write(b);
                out.flush(); // a client that has gone makes this throw: the follow ends with it
                sent += b.length;
                next = size;
            }
            if (endedBefore && next >= run.lines.size()) {
                return;
            }
            RealCluster.sleep(50);
        }
    }

    private static byte[] render(List<Line> lines, int from, int to, boolean stamps, long limit) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = from; i < to && out.size() < limit; i++) {
            Line l = lines.get(i);
            byte[] b = ((stamps ? KUBELET_TIME.format(l.at()) + " " : "") + l.text() + "\n").getBytes(StandardCharsets.UTF_8);
            out.write(b, 0, (int) Math.min(b.length, limit - out.size()));
        }
        return out.toByteArray();
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> q = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    q.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return q;
    }
}
