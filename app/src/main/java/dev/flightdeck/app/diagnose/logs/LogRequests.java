package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.PodLogOptions;
import dev.flightdeck.app.kube.StreamedAnswer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * Log requests to one cluster ({@code GET pods/NAME/log}), through its connection and so through its request budget
 * like every other request, with at most {@code maxInFlight} of them open at once for the whole cluster however many
 * views ask (a 1,024-rank gang must not storm the API server and the kubelets behind it). Waiting for a turn is fair:
 * first asked, first served, so a summary's ranks are read in the order it asked for them. A log that ends is read in
 * one answer of at most {@code limitBytes} (so at most {@code maxInFlight × limitBytes} are held at once, however many
 * ranks) and handed on line by line; a followed log is read as it arrives. Followed logs do not take a turn (they stay open for as long as someone watches);
 * they have a cap of their own. Every method blocks: call them off the UI thread.
 */
public final class LogRequests {

    /** Log requests open at once per cluster, unless the caller says otherwise. */
    public static final int DEFAULT_IN_FLIGHT = 8;
    /** Followed logs open at once per cluster: "one or a few ranks". */
    public static final int MAX_FOLLOWS = 8;

    private static final Map<ClusterConnection, LogRequests> PER_CLUSTER = new WeakHashMap<>();

    private final KubeRest rest;
    private final Semaphore turns;
    private final Semaphore follows = new Semaphore(MAX_FOLLOWS);
    private final int maxInFlight;
    private final LogCounters counters = new LogCounters();

    public LogRequests(KubeRest rest, int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("at least one log request must be allowed at once");
        }
        this.rest = rest;
        this.maxInFlight = maxInFlight;
        this.turns = new Semaphore(maxInFlight, true);
    }

    /** The log requests of {@code connection}'s cluster: one per connection, so its cap holds for every view. */
    public static LogRequests of(ClusterConnection connection) {
        synchronized (PER_CLUSTER) {
            return PER_CLUSTER.computeIfAbsent(connection, c -> new LogRequests(new KubeRest(c.api()), DEFAULT_IN_FLIGHT));
        }
    }

    public int maxInFlight() {
        return maxInFlight;
    }

    /** The cluster's REST calls (a summary lists the gang's pods through them too). */
    KubeRest rest() {
        return rest;
    }

    /** What this cluster's log requests have cost so far. */
    public LogCounters counters() {
        return counters;
    }

    /**
     * Reads a log ({@code options} without follow), handing each line to {@code sink} as it arrives. Stops at
     * {@code limitBytes} even when a server ignores it. An answer with no log (404, 400 for a container not started
     * or no previous run, 403) is a {@link LogRead} whose problem says so in the server's words, not an exception.
     *
     * @param also counters of the caller's own (a view's), or null
     * @throws IOException when no answer came (a dead connection, a timeout)
     */
    public LogRead read(String namespace, String pod, PodLogOptions options, Consumer<LogLine> sink, LogCounters also)
            throws IOException, InterruptedException {
        return read(namespace, pod, options, sink, also, null);
    }

    /** As {@link #read}, its stream closed by {@code streams} when its reader is stopped. */
    LogRead read(String namespace, String pod, PodLogOptions options, Consumer<LogLine> sink, LogCounters also,
                 OpenStreams streams) throws IOException, InterruptedException {
        if (options.follow()) {
            throw new IllegalArgumentException("a followed log is read with follow(), which does not take a turn");
        }
        // Waiting for a turn blocks as the request does: never on the UI thread.
        dev.flightdeck.app.threads.UiThreadGuard.blocking("GET pods/" + pod + "/log");
        turns.acquire();
        try {
            return readNow(namespace, pod, options, sink, also, streams);
        } finally {
            turns.release();
        }
    }

    /** A log read whole into lines (the full tail a view asks for when one rank is opened), bounded by its options. */
    public LogTail tail(String namespace, String pod, PodLogOptions options) throws IOException, InterruptedException {
        List<LogLine> lines = new java.util.ArrayList<>();
        LogRead read = read(namespace, pod, options, lines::add, null);
        return new LogTail(List.copyOf(lines), read);
    }

    /**
     * Follows a log ({@code follow=true} is added to {@code options}) on a thread of its own: each line goes to
     * {@code sink} as the kubelet writes it, until the container ends, the server closes the stream, or
     * {@link LogFollow#cancel()}. At most {@value #MAX_FOLLOWS} follows per cluster at once; one more is refused.
     */
    public LogFollow follow(String namespace, String pod, PodLogOptions options, Consumer<LogLine> sink) {
        if (!follows.tryAcquire()) {
            throw new IllegalStateException("already following " + MAX_FOLLOWS + " logs on this cluster: stop one first");
        }
        LogFollow f = new LogFollow(namespace + "/" + pod);
        Thread.ofVirtual().name("log-follow-" + pod).start(() -> {
            try {
                f.finish(readNow(namespace, pod, options.withFollow(true), sink, null, f.streams()));
            } catch (IOException e) {
                f.finish(LogRead.failed(f.cancelled() ? "stopped" : e.getMessage()));
            } catch (InterruptedException e) {
                f.finish(LogRead.failed("stopped"));
            } finally {
                follows.release();
            }
        });
        return f;
    }

    private LogRead readNow(String namespace, String pod, PodLogOptions options, Consumer<LogLine> sink, LogCounters also,
                            OpenStreams streams) throws IOException, InterruptedException {
        counters.started();
        if (also != null) {
            also.started();
        }
        long[] bytes = {0};
        try {
            return options.follow() ? stream(namespace, pod, options, sink, streams, bytes)
                    : whole(namespace, pod, options, sink, bytes);
        } finally {
            counters.ended(bytes[0]);
            if (also != null) {
                also.ended(bytes[0]);
            }
        }
    }

    /**
     * A log that ends (no follow), read in one answer: its size is bounded by limitBytes, and fabric8's client keeps
     * pooled connections healthy with whole bodies where streamed ones, many at once, were seen dropped mid-answer
     * ("the API server closed the connection"), as the watchers' LIST pages found before.
     */
    private LogRead whole(String namespace, String pod, PodLogOptions options, Consumer<LogLine> sink, long[] bytes)
            throws IOException, InterruptedException {
        KubeRest.Answer answer = rest.get(options.path(namespace, pod));
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException();
        }
        if (!answer.ok()) {
            return LogRead.failed(answer.message());
        }
        byte[] body = answer.body() == null ? new byte[0] : answer.body();
        CountingInputStream in = new CountingInputStream(new java.io.ByteArrayInputStream(body), options.limitBytes());
        long lines = lines(in, options, sink);
        bytes[0] = in.count();
        return new LogRead(in.count(), lines, in.cut(), null);
    }

    /** A followed log, read as it arrives until the server ends it or {@code streams} is closed. */
    private LogRead stream(String namespace, String pod, PodLogOptions options, Consumer<LogLine> sink, OpenStreams streams,
                           long[] bytes) throws IOException {
        try (StreamedAnswer answer = rest.stream(options.path(namespace, pod))) {
            if (!answer.ok()) {
                return LogRead.failed(answer.message());
            }
            if (streams != null && !streams.add(answer)) {
                return LogRead.failed("stopped");
            }
            CountingInputStream in = new CountingInputStream(answer.body(), options.limitBytes());
            try {
                long lines = lines(in, options, sink);
                return new LogRead(in.count(), lines, in.cut(), null);
            } catch (IOException e) {
                if (streams != null && streams.closed()) {
                    return LogRead.failed("stopped");
                }
                throw new IOException("reading the log of " + namespace + "/" + pod + ": " + e.getMessage(), e);
            } finally {
                bytes[0] = in.count();
                if (streams != null) {
                    streams.remove(answer);
                }
            }
        }
    }

    private static long lines(java.io.InputStream in, PodLogOptions options, Consumer<LogLine> sink) throws IOException {
        long lines = 0;
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String raw;
        while ((raw = reader.readLine()) != null) {
            sink.accept(LogLine.parse(raw, options.timestamps()));
            lines++;
        }
        return lines;
    }
}
