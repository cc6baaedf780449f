package dev.flightdeck.app.pressure;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns successive scrapes of one API server into readings and history. The scraper calls
 * {@link #scraped} or {@link #failed} once per interval (and {@link #healthChecked} with each
 * readyz/livez answer) from one thread; any thread may read {@link #latest()} and
 * {@link PressureHistory#snapshot()}.
 *
 * <p>Only the previous good scrape is kept, for rates. There are no rates on the first scrape,
 * after a gap longer than {@code maxRateSpan} (a rate over half an hour says little about now),
 * or when {@code process_start_time_seconds} changed: the server restarted or, behind a load
 * balancer, another replica answered, and in both cases the counters are not comparable. A
 * shorter gap just makes the next rate an average over a longer window. A scrape less than
 * {@link #MIN_RATE_SPAN} after the last good one (one asked for by {@code check} just as a scheduled
 * one came) adds nothing: the latest reading stands and is returned. A rate over a few milliseconds
 * would be noise, and 0 APF rejections in 100 ms would say a storm was over.
 */
public final class PressureTracker {

    public static final Duration DEFAULT_MAX_RATE_SPAN = Duration.ofMinutes(5);
    public static final Duration MIN_RATE_SPAN = Duration.ofSeconds(1);

    private final PressureAssessor assessor;
    private final PressureHistory history;
    private final Duration maxRateSpan;

    private Exposition previous;
    private Instant previousAt;
    private final Map<String, HealthReport> healthByEndpoint = new LinkedHashMap<>();
    private volatile PressureReading latest;

    public PressureTracker() {
        this(PressureThresholds.DEFAULTS, new PressureHistory(), DEFAULT_MAX_RATE_SPAN);
    }

    public PressureTracker(PressureThresholds thresholds, PressureHistory history, Duration maxRateSpan) {
        this.assessor = new PressureAssessor(thresholds);
        this.history = history;
        this.maxRateSpan = maxRateSpan;
    }

    /**
     * A body read from {@code /metrics} at {@code at}: parsed with {@link ApiServerMetrics#FILTER};
     * a body that is garbled, truncated or breaks off while reading is a failed scrape.
     */
    public PressureReading scraped(Instant at, InputStream body) {
        try {
            return scraped(at, ExpositionParser.parse(body, ApiServerMetrics.FILTER));
        } catch (MalformedResponseException e) {
            return failed(at, e.getMessage());
        } catch (IOException e) {
            return failed(at, "reading the body failed: " + e.getMessage());
        }
    }

    /** A parsed scrape (parse with {@link ApiServerMetrics#FILTER}: the whole of it is kept until the next). */
    public synchronized PressureReading scraped(Instant at, Exposition metrics) {
        boolean soon = tooSoon(at);
        if (soon && latest != null && !latest.failed()) {
            return latest;
        }
        // Past here a scrape too soon follows a failed one: no rates from it, and the base stays the older scrape.
        String noRatesBecause = soon ? "only " + Duration.between(previousAt, at).toMillis()
                + " ms since the last scrape, rates from the next one" : whyNoRates(at, metrics);
        Duration window = previousAt == null ? null : Duration.between(previousAt, at);
        ScrapePair pair = new ScrapePair(noRatesBecause.isEmpty() ? previous : null, metrics, window);
        PressureSignals signals = PressureSignals.derive(at, pair, noRatesBecause);
        if (!soon) {
            previous = metrics;
            previousAt = at;
        }
        history.record(signals);
        latest = new PressureReading(at, signals, assessor.assess(signals, health()), "");
        return latest;
    }

    /** A scrape that could not be made or read: a gap in the history; the previous good scrape stays for rates. */
    public synchronized PressureReading failed(Instant at, String reason) {
        history.recordGap(at, reason);
        latest = new PressureReading(at, null, assessor.unavailable(reason, health()), reason);
        return latest;
    }

    /** The latest {@code /readyz} or {@code /livez} answer; the latest reading is judged again with it. */
    public synchronized void healthChecked(HealthReport report) {
        healthByEndpoint.put(report.endpoint(), report);
        PressureReading current = latest;
        if (current != null) {
            PressureAssessment again = current.failed()
                    ? assessor.unavailable(current.failure(), health())
                    : assessor.assess(current.signals(), health());
            latest = new PressureReading(current.at(), current.signals(), again, current.failure());
        }
    }

    /** The latest reading, or null before the first scrape. */
    public PressureReading latest() {
        return latest;
    }

    public PressureHistory history() {
        return history;
    }

    private List<HealthReport> health() {
        return List.copyOf(healthByEndpoint.values());
    }

    private boolean tooSoon(Instant at) {
        return previousAt != null && at.isAfter(previousAt) && Duration.between(previousAt, at).compareTo(MIN_RATE_SPAN) < 0;
    }

    private String whyNoRates(Instant at, Exposition metrics) {
        if (previous == null) {
            return "first scrape, rates from the next one";
        }
        if (!at.isAfter(previousAt)) {
            return "the clock did not move forward since the last scrape, rates from the next one";
        }
        Duration since = Duration.between(previousAt, at);
        if (since.compareTo(maxRateSpan) > 0) {
            return "the last good scrape was " + since.toMinutes() + " min ago, rates from the next one";
        }
        double before = ApiServerMetrics.processStart(previous);
        double now = ApiServerMetrics.processStart(metrics);
        if (!Double.isNaN(before) && !Double.isNaN(now) && Math.abs(now - before) > 1e-3) {
            return "the API server restarted (or another replica answered), rates from the next scrape";
        }
        return "";
    }
}
