package dev.flightdeck.app.pressure;

import java.time.Instant;
import java.util.Arrays;

/**
 * The scalar signals at one scrape, or a gap where the scrape failed. Immutable: the values
 * are copied in and only read out one at a time.
 */
public final class HistoryPoint {

    private final Instant at;
    private final double[] values; // by Signal.ordinal(); NaN where unknown
    private final String gapReason; // null unless the scrape failed

    private HistoryPoint(Instant at, double[] values, String gapReason) {
        this.at = at;
        this.values = values;
        this.gapReason = gapReason;
    }

    static HistoryPoint of(PressureSignals signals) {
        double[] values = new double[Signal.values().length];
        for (Signal signal : Signal.values()) {
            values[signal.ordinal()] = signals.value(signal);
        }
        return new HistoryPoint(signals.at(), values, null);
    }

    static HistoryPoint gap(Instant at, String reason) {
        double[] values = new double[Signal.values().length];
        Arrays.fill(values, Double.NaN);
        return new HistoryPoint(at, values, reason);
    }

    public Instant at() {
        return at;
    }

    /** The signal's value, NaN when unknown or in a gap. */
    public double value(Signal signal) {
        return values[signal.ordinal()];
    }

    public boolean isGap() {
        return gapReason != null;
    }

    /** Why the scrape failed, or "" when it did not. */
    public String gapReason() {
        return gapReason == null ? "" : gapReason;
    }
}
