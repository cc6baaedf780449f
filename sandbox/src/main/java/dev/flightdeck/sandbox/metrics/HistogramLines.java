package dev.flightdeck.sandbox.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines of one histogram observation group (buckets in {@code le} order, sum,
 * count) and the one way the simulation feeds them: observations per second with a
 * distribution. Every bucket gets the share of the distribution at or below its
 * bound, the {@code +Inf} bucket and the count get all of it, so cumulative buckets
 * stay monotone and {@code _count} equals the {@code +Inf} bucket at every instant.
 */
final class HistogramLines {

    /** The share of observations at or below a bound: non-decreasing, 1 at +Inf. */
    @FunctionalInterface
    interface Distribution {
        double atOrBelow(double le);
    }

    final List<Series> buckets = new ArrayList<>();
    Series sum;
    Series count;

    /** Simulated observations: {@code perSecond} of them, spread by {@code shape}, averaging {@code mean}. */
    void observe(double perSecond, Distribution shape, double mean) {
        for (Series b : buckets) {
            b.rate += Double.isInfinite(b.le) ? perSecond : perSecond * Math.min(1, shape.atOrBelow(b.le));
        }
        count.rate += perSecond;
        sum.rate += perSecond * mean;
    }

    /** New, empty lines for one group of a histogram the simulation adds. */
    static HistogramLines create(String family, String labels, double[] bounds) {
        HistogramLines h = new HistogramLines();
        String sep = labels.isEmpty() ? "" : ",";
        for (double bound : bounds) {
            h.buckets.add(new Series(family + "_bucket", labels + sep + "le=\"" + GoFloat.format(bound) + "\"",
                    Series.Kind.BUCKET, 0, null, true));
        }
        h.buckets.add(new Series(family + "_bucket", labels + sep + "le=\"+Inf\"", Series.Kind.BUCKET, 0, null, true));
        h.sum = new Series(family + "_sum", labels, Series.Kind.SUM, 0, null, false);
        h.count = new Series(family + "_count", labels, Series.Kind.COUNT, 0, null, true);
        return h;
    }

    List<Series> lines() {
        List<Series> all = new ArrayList<>(buckets);
        all.add(sum);
        all.add(count);
        return all;
    }
}
