package dev.flightdeck.app.pressure;

import java.util.HashMap;
import java.util.Map;

/**
 * Request latency from {@code apiserver_request_duration_seconds}, as quantiles of what was
 * observed in the scrape window. WATCH and CONNECT are left out (their duration is the life of
 * a stream) and so are health probes. GET, LIST and writes are kept apart because the upstream
 * SLOs differ (1 s for single-object reads and writes, up to 30 s for cluster-wide LISTs).
 * Seconds; NaN when unknown (no window yet, or no such request in it).
 */
public record LatencySignals(Map<String, Double> p50ByVerb, Map<String, Double> p99ByVerb,
                             double p50, double p99, double getP99, double listP99, double mutatingP99) {

    public LatencySignals {
        p50ByVerb = Map.copyOf(p50ByVerb);
        p99ByVerb = Map.copyOf(p99ByVerb);
    }

    static LatencySignals derive(ScrapePair pair) {
        Map<String, Buckets> byVerb = pair.increasesBy(ApiServerMetrics.REQUEST_DURATION,
                labels -> !RequestKinds.isLongRunning(labels) && !RequestKinds.isHealthProbe(labels),
                labels -> labels.get("verb"));
        Map<String, Double> p50 = new HashMap<>();
        Map<String, Double> p99 = new HashMap<>();
        Buckets all = Buckets.EMPTY;
        Buckets mutating = Buckets.EMPTY;
        for (Map.Entry<String, Buckets> verb : byVerb.entrySet()) {
            putKnown(p50, verb.getKey(), verb.getValue().quantile(0.5));
            putKnown(p99, verb.getKey(), verb.getValue().quantile(0.99));
            all = all.plus(verb.getValue());
            if (RequestKinds.MUTATING_VERBS.contains(verb.getKey())) {
                mutating = mutating.plus(verb.getValue());
            }
        }
        return new LatencySignals(p50, p99, all.quantile(0.5), all.quantile(0.99),
                p99.getOrDefault("GET", Double.NaN), p99.getOrDefault("LIST", Double.NaN), mutating.quantile(0.99));
    }

    private static void putKnown(Map<String, Double> map, String key, double value) {
        if (!Double.isNaN(value)) {
            map.put(key, value);
        }
    }
}
