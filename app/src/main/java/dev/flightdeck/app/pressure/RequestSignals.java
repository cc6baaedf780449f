package dev.flightdeck.app.pressure;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Request traffic from {@code apiserver_request_total}, health probes excluded (see
 * {@link RequestKinds#isHealthProbe}). Rates are per second over the scrape window; all NaN
 * (and the lists empty) when the window has no rates yet.
 *
 * @param throttledPercent   429 answers as a percentage of all requests
 * @param serverErrorPercent 5xx answers as a percentage of all requests
 * @param busiest            the top resources by request rate
 * @param mostFailing        the top resources by 429 + 5xx rate, only those with any
 */
public record RequestSignals(double perSecond, Map<String, Double> perSecondByVerb,
                             double throttledPerSecond, double serverErrorsPerSecond,
                             double throttledPercent, double serverErrorPercent,
                             List<ResourceRate> busiest, List<ResourceRate> mostFailing) {

    public static final int TOP = 5;

    public RequestSignals {
        perSecondByVerb = Map.copyOf(perSecondByVerb);
        busiest = List.copyOf(busiest);
        mostFailing = List.copyOf(mostFailing);
    }

    static RequestSignals derive(ScrapePair pair) {
        if (!pair.hasRates()) {
            return new RequestSignals(Double.NaN, Map.of(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, List.of(), List.of());
        }
        Map<Labels, Double> bySeries = pair.ratesBy(ApiServerMetrics.REQUESTS, labels -> !RequestKinds.isHealthProbe(labels), labels -> labels);
        double total = 0;
        double throttled = 0;
        double serverErrors = 0;
        Map<String, Double> byVerb = new HashMap<>();
        Map<String, double[]> byResource = new HashMap<>(); // {all, errors}
        for (Map.Entry<Labels, Double> series : bySeries.entrySet()) {
            Labels labels = series.getKey();
            double rate = series.getValue();
            boolean isThrottled = RequestKinds.isThrottled(labels);
            boolean isServerError = RequestKinds.isServerError(labels);
            total += rate;
            throttled += isThrottled ? rate : 0;
            serverErrors += isServerError ? rate : 0;
            byVerb.merge(labels.get("verb"), rate, Double::sum);
            double[] resource = byResource.computeIfAbsent(RequestKinds.resourceName(labels), name -> new double[2]);
            resource[0] += rate;
            resource[1] += isThrottled || isServerError ? rate : 0;
        }
        List<ResourceRate> resources = byResource.entrySet().stream()
                .map(e -> new ResourceRate(e.getKey(), e.getValue()[0], e.getValue()[1])).toList();
        List<ResourceRate> busiest = resources.stream()
                .filter(r -> r.perSecond() > 0)
                .sorted(Comparator.comparingDouble(ResourceRate::perSecond).reversed().thenComparing(ResourceRate::resource))
                .limit(TOP).toList();
        List<ResourceRate> mostFailing = resources.stream()
                .filter(r -> r.errorsPerSecond() > 0)
                .sorted(Comparator.comparingDouble(ResourceRate::errorsPerSecond).reversed().thenComparing(ResourceRate::resource))
                .limit(TOP).toList();
        return new RequestSignals(total, byVerb, throttled, serverErrors,
                percent(throttled, total), percent(serverErrors, total), busiest, mostFailing);
    }

    /** A share in percent; no requests at all means nothing failed, so 0 rather than NaN. */
    static double percent(double part, double whole) {
        return whole > 0 ? 100 * part / whole : 0;
    }
}
