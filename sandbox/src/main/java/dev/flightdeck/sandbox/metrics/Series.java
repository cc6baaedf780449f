package dev.flightdeck.sandbox.metrics;

/**
 * One sample line of the simulated exposition and its state. Counters, histogram
 * buckets, sums and counts grow by {@code rate} per simulated second; a gauge with a
 * {@link LiveValue} is computed when rendered; anything else prints as captured.
 */
final class Series {

    enum Kind { GAUGE, COUNTER, BUCKET, SUM, COUNT, QUANTILE }

    /** A gauge's value at a simulated time (seconds since the simulated server started). */
    @FunctionalInterface
    interface LiveValue {
        double at(double seconds);
    }

    final String name;
    final String labels;
    final Kind kind;
    /** The labels without {@code le} or {@code quantile}: what groups a histogram's lines. */
    final String group;
    /** The bucket's upper bound; NaN for anything that is not a bucket. */
    final double le;
    /** Counts print as whole numbers, as the Go client's uint64 counts do. */
    final boolean whole;
    /** The value text as the capture printed it; null for series the simulation added. */
    final String capturedText;
    final String prefix;

    double value;
    double baseRate;
    double rate;
    /** Set once the value has left the captured one, from then on it is formatted. */
    boolean moved;
    LiveValue live;

    Series(String name, String labels, Kind kind, double value, String capturedText, boolean whole) {
        this.name = name;
        this.labels = labels;
        this.kind = kind;
        this.value = value;
        this.capturedText = capturedText;
        this.whole = whole;
        this.group = Labels.withoutLast(labels, kind == Kind.BUCKET ? "le" : kind == Kind.QUANTILE ? "quantile" : null);
        this.le = kind == Kind.BUCKET ? Labels.le(labels) : Double.NaN;
        this.prefix = labels.isEmpty() ? name + " " : name + "{" + labels + "} ";
    }

    void advance(double seconds) {
        if (rate != 0) {
            value += rate * seconds;
            moved = true;
        }
    }

    /**
     * A counter the simulation added shows once it has counted something, as a
     * Prometheus vector child appears on its first increment.
     */
    boolean shown() {
        return capturedText != null || kind != Kind.COUNTER || value >= 1;
    }

    boolean grows() {
        return kind == Kind.COUNTER || kind == Kind.BUCKET || kind == Kind.SUM || kind == Kind.COUNT;
    }

    /** The text after the prefix; the captured text while nothing has changed it. */
    String valueText(double seconds) {
        if (live != null) {
            return GoFloat.format(Math.max(0, Math.rint(live.at(seconds) * 1e6) / 1e6));
        }
        if (capturedText != null && !moved) {
            return capturedText;
        }
        return GoFloat.format(whole ? Math.floor(value) : value);
    }
}
