package dev.flightdeck.sandbox;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * One run of a container as its log: a few start-up lines, then a line every {@link #STEP} while it works (a
 * training step, or a service's heartbeat), then what it printed as it stopped. Lines are made when asked for, by
 * index, and are the same on every read (seeded by the pod's name), so a 12-hour run's 200-line tail costs 200
 * lines, and a follow picks up exactly where the last read ended.
 */
final class SandboxLogRun {

    /** A line of the log: when the kubelet took it, and its text. */
    record Line(Instant at, String text) { }

    /** Time between two lines of work. */
    static final Duration STEP = Duration.ofSeconds(3);
    /** Training steps a line of work reports (one line per ten steps, as trainers log). */
    static final int STEPS_PER_LINE = 10;

    interface Work {
        String line(long index, Instant at);
    }

    private final Instant firstWork;
    private final long workLines;
    private final List<Line> banner;
    private final List<Line> closing;
    private final Work work;

    /**
     * @param start      when the run began (its banner's time)
     * @param workUntil  when work stopped (the run's end, the gang's failure, or now)
     * @param closing    lines after the work, in time order, each after {@code workUntil}
     */
    SandboxLogRun(Instant start, List<String> banner, Instant workUntil, Work work, List<Line> closing) {
        this.banner = java.util.stream.IntStream.range(0, banner.size())
                .mapToObj(i -> new Line(start.plusMillis(40L * i), banner.get(i))).toList();
        this.firstWork = start.plusSeconds(20);
        long span = Duration.between(firstWork, workUntil).toMillis();
        this.workLines = span <= 0 ? 0 : span / STEP.toMillis() + 1;
        this.work = work;
        this.closing = List.copyOf(closing);
    }

    int size() {
        return (int) Math.min(Integer.MAX_VALUE, banner.size() + workLines + closing.size());
    }

    Line line(int i) {
        if (i < banner.size()) {
            return banner.get(i);
        }
        long k = i - banner.size();
        if (k < workLines) {
            Instant at = firstWork.plus(STEP.multipliedBy(k));
            return new Line(at, work.line(k, at));
        }
        return closing.get((int) (k - workLines));
    }

    /** The index of the first line taken at or after {@code t} (lines are in time order). */
    int firstAtOrAfter(Instant t) {
        int lo = 0;
        int hi = size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (line(mid).at().isBefore(t)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** A training rank's line of work: step, loss falling slowly with a little noise, throughput. */
    static Work training(int rank, Instant created, long seed) {
        return (k, at) -> {
            long step = Math.max(0, Duration.between(created, at).toMillis() / STEP.toMillis()) * STEPS_PER_LINE;
            long h = mix(seed ^ step * 0x9E3779B97F4A7C15L);
            double noise = (Math.floorMod(h, 1000) - 500) / 25_000.0;
            double loss = 1.2 + 1.6 * Math.exp(-step / 40_000.0) + noise;
            double stepTime = 1.38 + Math.floorMod(h >>> 20, 9) / 100.0;
            return String.format(Locale.ROOT, "[rank%d] step %d | loss %.4f | lr 3.00e-04 | grad_norm %.3f | step_time %.2fs "
                    + "| tokens/s %d", rank, step, loss, 0.8 + Math.floorMod(h >>> 32, 300) / 1000.0, stepTime,
                    (long) (4_096 * 8 * 8 / stepTime));
        };
    }

    /** A 64-bit mix (splitmix64's finaliser): noise that does not repeat in a visible pattern. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A service's heartbeat. */
    static Work service(String app) {
        return (k, at) -> app + ": healthy; " + (40 + k % 17) + " requests in the last 3s";
    }
}
