package dev.flightdeck.app.diagnose.logs;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** What log requests to one cluster have cost: how many, how many at once at most, bytes read. Thread-safe. */
public final class LogCounters {

    private final AtomicLong requests = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private final AtomicLong bytes = new AtomicLong();

    void started() {
        requests.incrementAndGet();
        int now = inFlight.incrementAndGet();
        peakInFlight.accumulateAndGet(now, Math::max);
    }

    void ended(long read) {
        inFlight.decrementAndGet();
        bytes.addAndGet(read);
    }

    public long requests() {
        return requests.get();
    }

    public int inFlight() {
        return inFlight.get();
    }

    public int peakInFlight() {
        return peakInFlight.get();
    }

    public long bytes() {
        return bytes.get();
    }

    /** A copy of the figures now, to subtract from later ones. */
    public Figures figures() {
        return new Figures(requests(), peakInFlight(), bytes());
    }

    /** Requests, peak in flight and bytes at one moment. */
    public record Figures(long requests, int peakInFlight, long bytes) {
        /** What was spent since {@code before} (the peak is the peak so far, not a difference). */
        public Figures since(Figures before) {
            return new Figures(requests - before.requests, peakInFlight, bytes - before.bytes);
        }
    }
}
