package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.model.GpuTelemetryFindings;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Reads a cluster's GPU telemetry every interval (30 s by default) on its own thread, one read in flight, judges it and
 * hands the findings to the model. The source is found at the first read (a Prometheus from the settings, one behind
 * the API server's service proxy, else the exporters) and kept; when it stops answering the findings are withdrawn
 * (stale telemetry must not keep a node untrusted or a gang stalled) and the next read tries again, waiting longer.
 */
public final class TelemetryPoller implements AutoCloseable {

    /** Finds the cluster's telemetry source; throws, in one line, when there is none. */
    @FunctionalInterface
    public interface SourceFinder {
        TelemetrySource find() throws TelemetryUnavailable;
    }

    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(30);
    private static final Duration LONGEST_WAIT = Duration.ofMinutes(5);

    private final SourceFinder finder;
    private final TelemetryJudge judge;
    private IdleHistoryFile idleHistory;
    private final Supplier<Collection<Gang>> gangs;
    private final Consumer<GpuTelemetryFindings> model;
    private final Clock clock;
    private volatile Duration interval;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("telemetry").daemon().unstarted(r));
    private volatile TelemetrySource source;
    private volatile TelemetrySummary latest;
    private volatile TelemetryFrame latestFrame;
    private final GpuUtilHistory history = new GpuUtilHistory();
    private final java.util.List<Runnable> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile Duration wait;
    /** Why reads through the API server are put off now (it is shedding load), or null: see {@link #holdWhile}. */
    private volatile Supplier<String> holdReason = () -> null;
    private static final java.time.format.DateTimeFormatter CLOCK =
            java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss").withZone(java.time.ZoneOffset.UTC);

    public TelemetryPoller(SourceFinder finder, TelemetryJudge judge, Supplier<Collection<Gang>> gangs,
                           Consumer<GpuTelemetryFindings> model, Clock clock, Duration interval) {
        this.finder = finder;
        this.judge = judge;
        this.gangs = gangs;
        this.model = model;
        this.clock = clock;
        this.interval = interval;
        this.wait = interval;
    }

    /** Reads every {@code interval} from the next read on (a drill's observer, on the drill's faster schedule). */
    public synchronized void setInterval(Duration interval) {
        this.interval = interval;
        this.wait = interval;
    }

    /**
     * Puts off reads that go through the API server (exporter pods behind the pod proxy, a Prometheus found behind the
     * service proxy, and finding either) while {@code why} says why (non-null): an API server shedding load under APF
     * gets no load the console can put off; the last frame's findings stay until the next read.
     */
    public void holdWhile(Supplier<String> why) {
        this.holdReason = why;
    }

    /** Reads now and every interval after; does nothing once closed. */
    public void start() {
        try {
            thread.execute(this::readAndReschedule);
        } catch (RejectedExecutionException closed) {
            // closed before it started: nothing to read for
        }
    }

    /** The last frame read (every GPU's signals), or null before the first or after the source stopped answering. */
    public TelemetryFrame latestFrame() {
        return latestFrame;
    }

    /** Every GPU's utilisation over the last hour of refreshes. */
    public GpuUtilHistory history() {
        return history;
    }

    /** Runs {@code listener} on the telemetry thread after each refresh (a view hands it to its own thread). */
    public void onRefresh(Runnable listener) {
        listeners.add(listener);
    }

    /** The last refresh in figures, or null before the first one ended. */
    public TelemetrySummary latest() {
        return latest;
    }

    /**
     * Makes the idle GPUs' history outlive this process: what {@code file} holds from a recent command is taken over
     * now, and every read saves what it learnt. For headless commands, which read once and end; the console keeps
     * its history in memory.
     */
    public synchronized void keepIdleHistory(IdleHistoryFile file) {
        idleHistory = file;
        judge.restoreIdle(file.load(), clock.instant());
    }

    /**
     * The latest read, or one made now when none has come yet (a headless command, which needs the findings in the
     * model before it reports or plans). Waits for a read already under way rather than making a second one.
     */
    public synchronized TelemetrySummary latestOrReadNow() {
        return latest != null ? latest : readOnce();
    }

    /** A read put off: the last figures stay, saying they are old and why; nothing goes to the model. */
    private TelemetrySummary held(String why) {
        String line = "not read at " + CLOCK.format(clock.instant()) + ": held while the API server sheds load (" + why + ")";
        TelemetrySummary last = latest;
        if (last == null || last.error() != null) {
            latest = TelemetrySummary.unavailable(clock.instant(), source == null ? "none" : source.describe(), line);
        } else {
            java.util.List<String> problems = new java.util.ArrayList<>(last.problems().stream()
                    .filter(p -> !p.startsWith("not read at ")).toList());
            problems.addFirst(line + "; figures from " + CLOCK.format(last.at()));
            latest = new TelemetrySummary(last.at(), last.source(), last.gpus(), last.unplaced(), last.nodesWithFindings(),
                    last.idleAllocated(), last.stalledGangs(), problems, null);
        }
        wait = interval;
        tellListeners();
        return latest;
    }

    /** Why the last read did not call {@code gang} stalled: for a refused resume to say (no read yet: why not). */
    public synchronized String whyNotStalled(Gang gang) {
        if (latestFrame == null) {
            return "GPU telemetry: " + (latest == null ? "not read yet" : latest.error() == null ? "no frame" : latest.error());
        }
        return judge.whyNotStalled(gang, latestFrame, clock.instant());
    }

    /** Reads once now, on the caller's thread (the headless {@code check}); the findings go to the model as usual. */
    public synchronized TelemetrySummary readOnce() {
        String hold = holdReason.get();
        if (hold != null && (source == null || source.throughApiServer())) {
            return held(hold);
        }
        try {
            if (source == null) {
                source = finder.find();
            }
            TelemetryFrame frame = source.read(judge.thresholds().window());
            TelemetryJudge.Judgement j = judge.judge(frame, gangs.get(), clock.instant());
            if (idleHistory != null) {
                idleHistory.save(judge.idleState());
            }
            model.accept(j.findings());
            history.record(frame);
            latestFrame = frame;
            latest = j.summary();
            wait = source.interval(interval);
        } catch (TelemetryUnavailable e) {
            model.accept(GpuTelemetryFindings.NONE);
            history.recordGap();
            latestFrame = null;
            latest = TelemetrySummary.unavailable(clock.instant(), source == null ? "none" : source.describe(), e.getMessage());
            source = null; // found again next time: a Prometheus may have moved, or one been installed
            wait = wait.multipliedBy(2).compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait.multipliedBy(2);
        } catch (RuntimeException e) {
            latest = TelemetrySummary.unavailable(clock.instant(), source == null ? "none" : source.describe(),
                    "reading GPU telemetry failed: " + e);
            wait = LONGEST_WAIT;
        }
        tellListeners();
        return latest;
    }

    /** Each listener hears of the refresh (a read or a held one); one that fails does not stop the others. */
    private void tellListeners() {
        for (Runnable l : listeners) {
            try {
                l.run();
            } catch (RuntimeException e) {
                System.getLogger(TelemetryPoller.class.getName()).log(System.Logger.Level.WARNING, "telemetry listener failed: " + e);
            }
        }
    }

    private void readAndReschedule() {
        readOnce();
        try {
            thread.schedule(this::readAndReschedule, wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closed) {
            // closed while reading
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
