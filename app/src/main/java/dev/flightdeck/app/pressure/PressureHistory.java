package dev.flightdeck.app.pressure;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;

/**
 * A bounded time series of the scalar signals: the points of the last {@code window}
 * (15 minutes by default, up to an hour), measured back from the newest point. Only derived
 * values are kept, never scrapes; a failed scrape is a gap, not a zero. Written by the scraper,
 * read anywhere through {@link #snapshot()}, which is lock-free and never changes afterwards.
 */
public final class PressureHistory {

    public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(15);
    public static final Duration MIN_WINDOW = Duration.ofMinutes(1);
    public static final Duration MAX_WINDOW = Duration.ofHours(1);

    private final ArrayDeque<HistoryPoint> points = new ArrayDeque<>();
    private Duration window;
    private volatile HistorySnapshot snapshot;

    public PressureHistory() {
        this(DEFAULT_WINDOW);
    }

    public PressureHistory(Duration window) {
        this.window = checked(window);
        this.snapshot = new HistorySnapshot(window, List.of());
    }

    public synchronized void record(PressureSignals signals) {
        append(HistoryPoint.of(signals));
    }

    public synchronized void recordGap(Instant at, String reason) {
        append(HistoryPoint.gap(at, reason));
    }

    /** Changes how much is kept; shrinking drops the older points at once. */
    public synchronized void setWindow(Duration newWindow) {
        window = checked(newWindow);
        trimAndPublish();
    }

    public HistorySnapshot snapshot() {
        return snapshot;
    }

    private void append(HistoryPoint point) {
        points.addLast(point);
        trimAndPublish();
    }

    private void trimAndPublish() {
        if (!points.isEmpty()) {
            Instant oldestKept = points.getLast().at().minus(window);
            while (points.getFirst().at().isBefore(oldestKept)) {
                points.removeFirst();
            }
        }
        snapshot = new HistorySnapshot(window, List.copyOf(points));
    }

    private static Duration checked(Duration window) {
        if (window.compareTo(MIN_WINDOW) < 0 || window.compareTo(MAX_WINDOW) > 0) {
            throw new IllegalArgumentException("a history window of " + window.toMinutes()
                    + " min is outside 1 to 60 min");
        }
        return window;
    }
}
