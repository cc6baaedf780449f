package dev.flightdeck.app.pressure;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Two successive scrapes of the same server and the time between them: what counters and
 * histograms gained in that window. Without an earlier scrape (the first one, or after a
 * restart or a long gap) there are no increases, and every rate is unknown (NaN), never 0.
 *
 * <p>Counter semantics follow Prometheus: a value lower than before means the counter
 * restarted from zero, so the whole current value is the increase. Unlike Prometheus, a
 * series absent from the earlier scrape counts in full: kube-apiserver creates a counter
 * series on its first increment, so the first 429 of a resource appears as a new series
 * with value 1, and skipping it would hide exactly the onset we want to see.
 */
final class ScrapePair {

    private final Exposition earlier; // null: no rates
    private final Exposition current;
    private final Duration window;

    ScrapePair(Exposition earlier, Exposition current, Duration window) {
        this.earlier = earlier;
        this.current = current;
        this.window = earlier == null ? null : window;
    }

    boolean hasRates() {
        return earlier != null;
    }

    Exposition current() {
        return current;
    }

    /** The window, or null without rates. */
    Duration window() {
        return window;
    }

    double seconds() {
        return window == null ? Double.NaN : window.toNanos() / 1e9;
    }

    /**
     * Per-second increase of a counter family summed by a key of the labels
     * ({@code sum by (key) (rate(family[window]))}); series the filter rejects are left out.
     * Empty without rates.
     */
    <K> Map<K, Double> ratesBy(String family, Predicate<Labels> include, Function<Labels, K> key) {
        Map<K, Double> rates = new LinkedHashMap<>();
        if (earlier == null) {
            return rates;
        }
        Map<Labels, Double> before = new HashMap<>();
        for (Sample sample : earlier.samples(family)) {
            before.put(sample.labels(), sample.value());
        }
        double seconds = seconds();
        for (Sample sample : current.samples(family)) {
            if (!include.test(sample.labels())) {
                continue;
            }
            Double previous = before.get(sample.labels());
            double increase = previous == null || sample.value() < previous ? sample.value() : sample.value() - previous;
            rates.merge(key.apply(sample.labels()), increase / seconds, Double::sum);
        }
        return rates;
    }

    /** The sum of all rates of a family that pass the filter; NaN without rates. */
    double rate(String family, Predicate<Labels> include) {
        if (earlier == null) {
            return Double.NaN;
        }
        return ratesBy(family, include, labels -> "").values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /**
     * What a histogram family observed in the window, summed by a key of the labels
     * ({@code sum by (key, le) (increase(family_bucket[window]))}). Empty without rates.
     */
    <K> Map<K, Buckets> increasesBy(String family, Predicate<Labels> include, Function<Labels, K> key) {
        Map<K, Buckets> sums = new LinkedHashMap<>();
        if (earlier == null) {
            return sums;
        }
        Map<Labels, Buckets> before = Histograms.of(earlier, family);
        for (Map.Entry<Labels, Buckets> series : Histograms.of(current, family).entrySet()) {
            if (!include.test(series.getKey())) {
                continue;
            }
            Buckets previous = before.get(series.getKey());
            Buckets increase = previous == null ? series.getValue() : series.getValue().since(previous);
            if (increase == null) {
                increase = series.getValue(); // bounds changed: a different build of the server
            }
            sums.merge(key.apply(series.getKey()), increase, Buckets::plus);
        }
        return sums;
    }

    /** Current values of a gauge family summed by a key of the labels. */
    <K> Map<K, Double> gaugesBy(String family, Predicate<Labels> include, Function<Labels, K> key) {
        Map<K, Double> sums = new LinkedHashMap<>();
        for (Sample sample : current.samples(family)) {
            if (include.test(sample.labels())) {
                sums.merge(key.apply(sample.labels()), sample.value(), Double::sum);
            }
        }
        return sums;
    }
}
