package dev.flightdeck.app.settings;

import java.time.Duration;

/**
 * When idle GPUs mean a stalled gang: every rank's GPUs under {@code idleBelowPercent} for {@code window}; and when a
 * rank is a straggler: its GPUs' utilisation under {@code stragglerFraction} of the gang's median rank, while that
 * median is at least {@code busyAbovePercent} (a gang that is barely working has no stragglers, only idleness).
 * The first two are a cluster's settings ({@code "gpuStall"}); the straggler's are the console's.
 */
public record StallThresholds(double idleBelowPercent, Duration window, double stragglerFraction, double busyAbovePercent) {

    /**
     * The longest stall window: a Prometheus is asked for the utilisation's maximum over it on every refresh, and a
     * day of a large fleet's samples is already a heavy query; a gang idle that long has long been seen.
     */
    public static final Duration LONGEST_WINDOW = Duration.ofDays(1);

    /** The issue's: under 5% for 10 minutes. (After LONGEST_WINDOW, which the constructor reads.) */
    public static final StallThresholds DEFAULTS = new StallThresholds(5, Duration.ofMinutes(10), 0.5, 40);

    public StallThresholds {
        if (!(idleBelowPercent > 0 && idleBelowPercent < 100)) {
            throw new IllegalArgumentException("the idle threshold must be a percentage between 0 and 100, not "
                    + plain(idleBelowPercent));
        }
        if (window.compareTo(Duration.ofMinutes(1)) < 0 || window.compareTo(LONGEST_WINDOW) > 0) {
            throw new IllegalArgumentException("the stall window must be from 1 to " + LONGEST_WINDOW.toMinutes()
                    + " minutes, not " + plain(window.toMillis() / 60_000.0) + " minutes");
        }
    }

    /** These thresholds with a cluster's own idle threshold and stall window. */
    public StallThresholds withStall(double idleBelow, Duration stallWindow) {
        return new StallThresholds(idleBelow, stallWindow, stragglerFraction, busyAbovePercent);
    }

    /** 5 rather than 5.0; 2.5 as it is. */
    static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
