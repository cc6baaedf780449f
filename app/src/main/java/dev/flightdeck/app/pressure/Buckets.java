package dev.flightdeck.app.pressure;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cumulative buckets of one histogram (or of several summed), sorted by upper bound
 * ({@code le}); the last bound is {@code +Inf} when the exposition had it. Immutable.
 * Quantiles follow Prometheus' {@code histogram_quantile}, so the figures match a
 * dashboard built on the same metrics.
 */
public final class Buckets {

    public static final Buckets EMPTY = new Buckets(new double[0], new double[0]);

    private final double[] upperBounds;
    private final double[] cumulativeCounts;

    Buckets(double[] upperBounds, double[] cumulativeCounts) {
        this.upperBounds = upperBounds;
        this.cumulativeCounts = cumulativeCounts;
    }

    /** Buckets from a map of upper bound to cumulative count (test and sandbox convenience). */
    public static Buckets of(Map<Double, Double> countByUpperBound) {
        TreeMap<Double, Double> sorted = new TreeMap<>(countByUpperBound);
        double[] bounds = new double[sorted.size()];
        double[] counts = new double[sorted.size()];
        int i = 0;
        for (Map.Entry<Double, Double> bucket : sorted.entrySet()) {
            bounds[i] = bucket.getKey();
            counts[i++] = bucket.getValue();
        }
        return new Buckets(bounds, counts);
    }

    /** Observations in all buckets: the {@code +Inf} count (NaN without a {@code +Inf} bucket). */
    public double count() {
        int last = upperBounds.length - 1;
        return last >= 0 && upperBounds[last] == Double.POSITIVE_INFINITY ? cumulativeCounts[last] : Double.NaN;
    }

    /**
     * The q-quantile (0..1) by linear interpolation within the bucket that holds it, as
     * {@code histogram_quantile} does: the first bucket starts at 0 (when its bound is
     * positive), a quantile in the {@code +Inf} bucket is the highest finite bound, and
     * NaN when there were no observations or no {@code +Inf} bucket.
     */
    public double quantile(double q) {
        int n = upperBounds.length;
        if (n < 2 || upperBounds[n - 1] != Double.POSITIVE_INFINITY || Double.isNaN(q)) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        double[] counts = monotonic(cumulativeCounts);
        double total = counts[n - 1];
        if (total <= 0) {
            return Double.NaN;
        }
        double rank = q * total;
        int bucket = 0;
        while (bucket < n - 1 && counts[bucket] < rank) {
            bucket++;
        }
        if (bucket == n - 1) {
            return upperBounds[n - 2];
        }
        if (bucket == 0 && upperBounds[0] <= 0) {
            return upperBounds[0];
        }
        double start = bucket == 0 ? 0 : upperBounds[bucket - 1];
        double end = upperBounds[bucket];
        double below = bucket == 0 ? 0 : counts[bucket - 1];
        double inBucket = counts[bucket] - below;
        return inBucket == 0 ? end : start + (end - start) * ((rank - below) / inBucket);
    }

    /**
     * What was observed since {@code earlier}, bucket by bucket. A bucket that went down means
     * the series restarted from zero (a server restart), so everything now counted is new and
     * the current buckets are the increase. Null when the bounds differ (not the same series).
     */
    Buckets since(Buckets earlier) {
        if (!Arrays.equals(upperBounds, earlier.upperBounds)) {
            return null;
        }
        double[] increase = new double[cumulativeCounts.length];
        for (int i = 0; i < increase.length; i++) {
            increase[i] = cumulativeCounts[i] - earlier.cumulativeCounts[i];
            if (increase[i] < 0) {
                return this;
            }
        }
        return new Buckets(upperBounds, increase);
    }

    /** The sum of two histograms, as {@code sum by (le)} adds them; bounds are merged. */
    Buckets plus(Buckets other) {
        if (upperBounds.length == 0) {
            return other;
        }
        if (Arrays.equals(upperBounds, other.upperBounds)) {
            double[] sum = new double[cumulativeCounts.length];
            for (int i = 0; i < sum.length; i++) {
                sum[i] = cumulativeCounts[i] + other.cumulativeCounts[i];
            }
            return new Buckets(upperBounds, sum);
        }
        TreeMap<Double, Double> merged = new TreeMap<>();
        for (int i = 0; i < upperBounds.length; i++) {
            merged.merge(upperBounds[i], cumulativeCounts[i], Double::sum);
        }
        for (int i = 0; i < other.upperBounds.length; i++) {
            merged.merge(other.upperBounds[i], other.cumulativeCounts[i], Double::sum);
        }
        return of(merged);
    }

    public double[] upperBounds() {
        return upperBounds.clone();
    }

    public double[] cumulativeCounts() {
        return cumulativeCounts.clone();
    }

    // Prometheus forces cumulative counts to be non-decreasing before it interpolates: scrapes
    // are not atomic, so a bucket can be read a moment before the one below it.
    private static double[] monotonic(double[] counts) {
        double[] fixed = counts.clone();
        for (int i = 1; i < fixed.length; i++) {
            fixed[i] = Math.max(fixed[i], fixed[i - 1]);
        }
        return fixed;
    }

    @Override
    public String toString() {
        return "Buckets" + Arrays.toString(upperBounds) + "=" + Arrays.toString(cumulativeCounts);
    }
}
