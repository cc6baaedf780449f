package dev.flightdeck.app.telemetry;

import java.time.Duration;

/**
 * When idle GPUs mean a stalled gang: every rank's GPUs under {@code idleBelowPercent} for {@code window}; and when a
 * rank is a straggler: its GPUs' utilisation under {@code stragglerFraction} of the gang's median rank, while that
 * median is at least {@code busyAbovePercent} (a gang that is barely working has no stragglers, only idleness).
 */
public record StallThresholds(double idleBelowPercent, Duration window, double stragglerFraction, double busyAbovePercent) {

    public static final StallThresholds DEFAULTS = new StallThresholds(5, Duration.ofMinutes(10), 0.5, 40);

    public StallThresholds {
        if (!(idleBelowPercent > 0 && idleBelowPercent < 100)) {
            throw new IllegalArgumentException("the idle threshold must be a percentage between 0 and 100, not " + idleBelowPercent);
        }
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("the stall window must be longer than zero, not " + window);
        }
    }
}
