package dev.flightdeck.app.pressure;

import java.util.LinkedHashMap;
import java.util.Map;

/** Groups the {@code _bucket} samples of a histogram family into one {@link Buckets} per series. */
public final class Histograms {

    private Histograms() {
    }

    /**
     * Buckets by series (the labels without {@code le}); empty when the family is absent.
     * A bucket whose {@code le} is not a number is left out, as Prometheus ignores it.
     */
    public static Map<Labels, Buckets> of(Exposition exposition, String family) {
        String bucketName = family + "_bucket";
        Map<Labels, Map<Double, Double>> grouped = new LinkedHashMap<>();
        for (Sample sample : exposition.samples(family)) {
            if (!sample.name().equals(bucketName)) {
                continue;
            }
            double upperBound;
            try {
                upperBound = DecimalParser.parse(sample.labels().get("le"));
            } catch (NumberFormatException e) {
                continue;
            }
            grouped.computeIfAbsent(sample.labels().without("le"), series -> new LinkedHashMap<>())
                    .put(upperBound, sample.value());
        }
        Map<Labels, Buckets> bySeries = new LinkedHashMap<>();
        grouped.forEach((series, buckets) -> bySeries.put(series, Buckets.of(buckets)));
        return bySeries;
    }
}
