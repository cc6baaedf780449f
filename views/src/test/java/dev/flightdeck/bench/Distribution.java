package dev.flightdeck.bench;

import java.util.Arrays;

/** Samples of one figure (milliseconds) and their percentiles, as the benchmarks print them. */
final class Distribution {

    private double[] samples = new double[256];
    private int count;

    synchronized void add(double ms) {
        if (count == samples.length) {
            samples = Arrays.copyOf(samples, count * 2);
        }
        samples[count++] = ms;
    }

    synchronized int count() {
        return count;
    }

    synchronized double percentile(double p) {
        if (count == 0) {
            return Double.NaN;
        }
        double[] sorted = Arrays.copyOf(samples, count);
        Arrays.sort(sorted);
        int i = (int) Math.ceil(p / 100.0 * count) - 1;
        return sorted[Math.max(0, Math.min(count - 1, i))];
    }

    double max() {
        return percentile(100);
    }

    /** "n=3,600 p50 2 p90 4 p99 9 max 31 ms" */
    @Override
    public String toString() {
        if (count() == 0) {
            return "no samples";
        }
        return String.format("n=%,d p50 %.0f p90 %.0f p99 %.0f max %.0f ms",
                count(), percentile(50), percentile(90), percentile(99), max());
    }
}
