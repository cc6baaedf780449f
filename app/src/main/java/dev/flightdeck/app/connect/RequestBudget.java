package dev.flightdeck.app.connect;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The console's own budget of requests to one cluster, a token bucket every request passes through
 * (as client-go's rate limiter): {@code perSecond} sustained, {@code burst} at once. When a cluster
 * is struggling — an APF storm, every watch failing at once after an outage — the console waits its
 * turn instead of adding to the load; it never exceeds the budget whatever its watchers, scrapers
 * and actions do together. The continuation pages of a LIST are not charged: they finish one read
 * the server has already begun, and holding them back would only keep that read open longer.
 */
public final class RequestBudget implements Interceptor {

    /** Well above a quiet console's needs (one request a few seconds), well below a storm. */
    public static final RequestBudget DEFAULT_SHAPE = new RequestBudget(20, 40);

    private final double perSecond;
    private final int burst;
    private final AtomicLong charged = new AtomicLong();
    private long nextFreeNanos;
    private double tokens;

    public RequestBudget(double perSecond, int burst) {
        if (perSecond <= 0 || burst < 1) {
            throw new IllegalArgumentException("a request budget needs a positive rate and a burst of at least 1");
        }
        this.perSecond = perSecond;
        this.burst = burst;
        this.tokens = burst;
        this.nextFreeNanos = System.nanoTime();
    }

    /** A fresh budget of the same shape (each cluster connection has its own). */
    public RequestBudget fresh() {
        return new RequestBudget(perSecond, burst);
    }

    public double perSecond() {
        return perSecond;
    }

    public int burst() {
        return burst;
    }

    /** Requests charged so far. */
    public long charged() {
        return charged.get();
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
        String query = request.uri().getRawQuery();
        if (query != null && query.contains("continue=")) {
            return;
        }
        acquire();
    }

    /** Takes one token, waiting for it when the bucket is empty. */
    public void acquire() {
        long wait;
        synchronized (this) {
            long now = System.nanoTime();
            tokens = Math.min(burst, tokens + (now - nextFreeNanos) / 1e9 * perSecond);
            nextFreeNanos = now;
            tokens -= 1;
            wait = tokens >= 0 ? 0 : (long) (-tokens / perSecond * 1e9);
        }
        charged.incrementAndGet();
        if (wait > 0) {
            LockSupport.parkNanos(wait);
        }
    }
}
