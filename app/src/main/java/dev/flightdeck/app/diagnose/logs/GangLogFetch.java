package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.PodObject;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Reads a gang's logs for its summary, off the caller's thread: the gang's pods (one LIST), then every rank's log
 * in {@link RankPlan#inReadingOrder reading order} (first failure first), as many at once as the cluster's
 * {@link LogRequests} allow. A view shows {@link #snapshot()} as ranks come in ({@code onRank} is called on a reading
 * thread: hand it to the UI thread), and may {@link #cancel()} at any time; {@link #done()}
 * completes with the final summary (cancelled or not), or exceptionally when the gang's pods cannot be listed.
 */
public final class GangLogFetch {

    private final Gang gang;
    private final LogRequests requests;
    private final GangLogOptions options;
    private final Consumer<RankLog> onRank;
    private final List<RankLog> read = Collections.synchronizedList(new ArrayList<>());
    private final LogCounters counters = new LogCounters();
    private final CompletableFuture<GangLogSummary> done = new CompletableFuture<>();
    private final List<Thread> workers = Collections.synchronizedList(new ArrayList<>());
    private final long started = System.nanoTime();
    private volatile boolean cancelled;

    private GangLogFetch(Gang gang, LogRequests requests, GangLogOptions options, Consumer<RankLog> onRank) {
        this.gang = gang;
        this.requests = requests;
        this.options = options;
        this.onRank = onRank;
    }

    /**
     * Starts reading {@code gang}'s logs. {@code onRank} gets each rank as it comes in, on a reading thread (may be a
     * no-op); a view takes a {@link #snapshot()} at its own pace, not one per rank (each is made from every rank read).
     */
    public static GangLogFetch start(LogRequests requests, Gang gang, GangLogOptions options, Consumer<RankLog> onRank) {
        GangLogFetch f = new GangLogFetch(gang, requests, options, onRank);
        Thread.ofVirtual().name("gang-logs-" + gang.key().name()).start(() -> f.run(requests.rest()));
        return f;
    }

    /**
     * Stops reading: no more requests are made, and the readers waiting for a turn or an answer are interrupted;
     * {@link #done()} completes soon after.
     */
    public void cancel() {
        cancelled = true;
        synchronized (workers) {
            workers.forEach(Thread::interrupt);
        }
    }

    public CompletableFuture<GangLogSummary> done() {
        return done;
    }

    /** The summary of what has been read so far. */
    public GangLogSummary snapshot() {
        return summary(false);
    }

    private GangLogSummary summary(boolean finished) {
        List<RankLog> now;
        synchronized (read) {
            now = List.copyOf(read);
        }
        return GangLogSummary.of(gang.key(), gang.ranks().size(), now, counters.figures(),
                Duration.ofNanos(System.nanoTime() - started), finished && !cancelled && now.size() == gang.ranks().size(),
                cancelled);
    }

    private void run(KubeRest rest) {
        try {
            Map<String, PodObject> pods = GangPods.read(rest, gang);
            List<RankPlan> plans = RankPlan.forGang(gang.ranks(), pods, options.previous());
            Set<String> hosts = RankPlan.hosts(plans);
            RankReader reader = new RankReader(requests, options, hosts, new ViewBytes(options.viewBytes()), counters);
            ConcurrentLinkedQueue<RankPlan> queue = new ConcurrentLinkedQueue<>(RankPlan.inReadingOrder(plans));
            // As many readers as the cluster lets requests be open at once: more would only wait for a turn.
            int n = Math.min(requests.maxInFlight(), Math.max(1, queue.size()));
            AtomicInteger left = new AtomicInteger(n);
            for (int i = 0; i < n; i++) {
                Thread t = Thread.ofVirtual().name("gang-logs-" + gang.key().name() + "-" + i).unstarted(() -> {
                    try {
                        drain(queue, reader);
                    } finally {
                        if (left.decrementAndGet() == 0) {
                            done.complete(summary(true));
                        }
                    }
                });
                workers.add(t);
                t.start();
            }
            if (cancelled) {
                cancel();
            }
        } catch (IOException | RuntimeException e) {
            done.completeExceptionally(e);
        }
    }

    private void drain(ConcurrentLinkedQueue<RankPlan> queue, RankReader reader) {
        RankPlan next;
        while (!cancelled && (next = queue.poll()) != null) {
            RankLog r;
            try {
                r = reader.read(next);
            } catch (InterruptedException e) {
                return;
            }
            if (cancelled) {
                return; // read while stopping: interrupted, it says so rather than what is there
            }
            read.add(r);
            onRank.accept(r);
        }
    }
}
