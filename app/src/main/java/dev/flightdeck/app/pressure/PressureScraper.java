package dev.flightdeck.app.pressure;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Scrapes {@code /metrics}, {@code /readyz?verbose} and {@code /livez?verbose} every interval
 * (default 15 s, Prometheus' usual) into a {@link PressureTracker}. One thread, one scrape in
 * flight: the next is scheduled only when the last is done. After a failure the wait doubles
 * up to 5 minutes, and a server's {@code Retry-After} is honoured when longer; a 403 waits the
 * longest, since only an RBAC change will help, but keeps asking so a granted role shows up.
 */
public final class PressureScraper implements AutoCloseable {

    public static final Duration DEFAULT_INTERVAL = dev.flightdeck.app.settings.ClusterSettings.DEFAULT_METRICS_INTERVAL;
    static final Duration MAX_BACKOFF = Duration.ofMinutes(5);
    /**
     * When the second scrape comes (at most): rates need two, and until they come nothing says whether the server is
     * shedding load (GPU telemetry waits for that) and the Pressure screen has no rates to chart.
     */
    public static final Duration FIRST_RATES_AFTER = Duration.ofSeconds(5);
    private boolean firstRound = true;

    private final ControlPlaneFetcher fetcher;
    private final PressureTracker tracker;
    private final Clock clock;
    private final Duration interval;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("pressure-scraper").daemon().unstarted(r));
    private final List<Consumer<PressureReading>> listeners = new CopyOnWriteArrayList<>();
    private volatile HealthReport readyz;
    private volatile HealthReport livez;
    private volatile String healthProblem;
    private int failuresInARow;

    public PressureScraper(ControlPlaneFetcher fetcher, PressureTracker tracker, Clock clock, Duration interval) {
        this.fetcher = fetcher;
        this.tracker = tracker;
        this.clock = clock;
        this.interval = interval;
    }

    /** Starts scraping now and every interval; does nothing once closed. */
    public void start() {
        try {
            thread.execute(this::round);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            // the session was closed before its watches synced: nothing to scrape for
        }
    }

    /** Scrapes once now, on the scraper's thread, and waits for it (for {@code check}). */
    public PressureReading scrapeNow() throws InterruptedException {
        try {
            return thread.submit(this::scrapeOnce).get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return tracker.latest();
        }
    }

    /** Called on the scraper thread after every round, with the new reading. */
    public void subscribe(Consumer<PressureReading> listener) {
        listeners.add(listener);
    }

    public void unsubscribe(Consumer<PressureReading> listener) {
        listeners.remove(listener);
    }

    public PressureTracker tracker() {
        return tracker;
    }

    public Duration interval() {
        return interval;
    }

    /**
     * Why the API server is shedding load as of the last scrape (an APF or 429 finding, or this scraper's own request
     * answered 429), or null when it is not or the last scrape is older than two intervals.
     */
    public String sheddingLoad() {
        if (lastThrottled) {
            return "the API server answered its metrics request with 429 Too Many Requests";
        }
        return LoadShedding.why(tracker.latest(), clock.instant(), interval.multipliedBy(2));
    }

    /** The last {@code /readyz?verbose} answer, or null before it or when it could not be read. */
    public HealthReport readyz() {
        return readyz;
    }

    public HealthReport livez() {
        return livez;
    }

    /** Why readiness is unknown (no answer, not a health report), or null. */
    public String healthProblem() {
        return healthProblem;
    }

    private void round() {
        Duration next;
        try {
            PressureReading r = scrapeOnce();
            next = nextDelay();
            if (firstRound && !r.failed() && !r.signals().hasRates() && FIRST_RATES_AFTER.compareTo(next) < 0) {
                next = FIRST_RATES_AFTER;
            }
            firstRound = false;
        } catch (RuntimeException e) {
            // Never let one bad answer stop the scraping: record it and try again later.
            tracker.failed(clock.instant(), "scrape failed: " + e);
            next = MAX_BACKOFF;
        }
        if (!thread.isShutdown()) {
            thread.schedule(this::round, next.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private Duration lastRetryAfter;
    private volatile boolean lastThrottled;
    private boolean lastForbidden;

    private PressureReading scrapeOnce() {
        ControlPlaneFetcher.Fetched m = fetcher.get("/metrics");
        PressureReading reading = m.problem() == null
                ? tracker.scraped(clock.instant(), new ByteArrayInputStream(m.body()))
                : tracker.failed(clock.instant(), m.problem());
        failuresInARow = reading.failed() ? failuresInARow + 1 : 0;
        lastRetryAfter = m.retryAfter();
        lastThrottled = m.status() == 429;
        lastForbidden = m.forbidden();
        readyz = health("/readyz?verbose");
        livez = health("/livez?verbose");
        PressureReading judged = tracker.latest();
        listeners.forEach(l -> l.accept(judged));
        return judged;
    }

    private HealthReport health(String path) {
        ControlPlaneFetcher.Fetched f = fetcher.get(path);
        if (f.problem() != null) {
            healthProblem = f.problem();
            return null;
        }
        try {
            HealthReport r = HealthReport.parse(new String(f.body(), StandardCharsets.UTF_8));
            tracker.healthChecked(r);
            healthProblem = null;
            return r;
        } catch (MalformedResponseException e) {
            healthProblem = "GET " + path + ": " + e.getMessage();
            return null;
        }
    }

    private Duration nextDelay() {
        if (failuresInARow == 0) {
            return interval;
        }
        if (lastForbidden) {
            return MAX_BACKOFF;
        }
        Duration backoff = interval.multipliedBy(1L << Math.min(failuresInARow, 5));
        if (backoff.compareTo(MAX_BACKOFF) > 0) {
            backoff = MAX_BACKOFF;
        }
        return lastRetryAfter != null && lastRetryAfter.compareTo(backoff) > 0 ? lastRetryAfter : backoff;
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
