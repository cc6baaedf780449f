package dev.flightdeck.app.pressure;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * API Priority and Fairness: who is being rejected and queued. Rates and quantiles are NaN
 * (and maps of them empty) until the scrape window has rates; queue and execution counts are
 * gauges and known from the first scrape.
 *
 * @param rejections                     by priority level, flow schema and reason, most first
 * @param rejectedPercentByPriorityLevel rejected / (rejected + dispatched) per priority level
 * @param waitP99Seconds                 p99 of the time requests spent queued, all levels together
 */
public record ApfSignals(double rejectedPerSecond, List<ApfRejection> rejections,
                         Map<String, Double> rejectedPercentByPriorityLevel,
                         Map<String, Double> inQueueByPriorityLevel, Map<String, Double> executingByPriorityLevel,
                         double waitP99Seconds, Map<String, Double> waitP99ByPriorityLevel) {

    public ApfSignals {
        rejections = List.copyOf(rejections);
        rejectedPercentByPriorityLevel = Map.copyOf(rejectedPercentByPriorityLevel);
        inQueueByPriorityLevel = Map.copyOf(inQueueByPriorityLevel);
        executingByPriorityLevel = Map.copyOf(executingByPriorityLevel);
        waitP99ByPriorityLevel = Map.copyOf(waitP99ByPriorityLevel);
    }

    static ApfSignals derive(ScrapePair pair) {
        Map<String, Double> inQueue = pair.gaugesBy(ApiServerMetrics.APF_IN_QUEUE, labels -> true, ApfSignals::level);
        Map<String, Double> executing = pair.gaugesBy(ApiServerMetrics.APF_EXECUTING, labels -> true, ApfSignals::level);
        if (!pair.hasRates()) {
            return new ApfSignals(Double.NaN, List.of(), Map.of(), inQueue, executing, Double.NaN, Map.of());
        }
        Map<Labels, Double> rejectedSeries = pair.ratesBy(ApiServerMetrics.APF_REJECTED, labels -> true, labels -> labels);
        List<ApfRejection> rejections = rejectedSeries.entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .map(e -> new ApfRejection(level(e.getKey()), e.getKey().get("flow_schema"), e.getKey().get("reason"), e.getValue()))
                .sorted(Comparator.comparingDouble(ApfRejection::perSecond).reversed())
                .toList();
        Map<String, Double> rejectedByLevel = pair.ratesBy(ApiServerMetrics.APF_REJECTED, labels -> true, ApfSignals::level);
        Map<String, Double> dispatchedByLevel = pair.ratesBy(ApiServerMetrics.APF_DISPATCHED, labels -> true, ApfSignals::level);
        Map<String, Double> rejectedPercent = new HashMap<>();
        for (String level : union(rejectedByLevel, dispatchedByLevel)) {
            double rejected = rejectedByLevel.getOrDefault(level, 0.0);
            rejectedPercent.put(level, RequestSignals.percent(rejected, rejected + dispatchedByLevel.getOrDefault(level, 0.0)));
        }
        Map<String, Buckets> waits = pair.increasesBy(ApiServerMetrics.APF_WAIT, labels -> true, ApfSignals::level);
        Map<String, Double> waitP99 = new HashMap<>();
        Buckets allWaits = Buckets.EMPTY;
        for (Map.Entry<String, Buckets> level : waits.entrySet()) {
            double p99 = level.getValue().quantile(0.99);
            if (!Double.isNaN(p99)) {
                waitP99.put(level.getKey(), p99);
            }
            allWaits = allWaits.plus(level.getValue());
        }
        double rejectedTotal = rejectedByLevel.values().stream().mapToDouble(Double::doubleValue).sum();
        return new ApfSignals(rejectedTotal, rejections, rejectedPercent, inQueue, executing, allWaits.quantile(0.99), waitP99);
    }

    /** The priority level that rejects the largest share of its requests, or null when none rejects. */
    public String mostRejectingLevel() {
        return rejectedPercentByPriorityLevel.entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .max(Map.Entry.<String, Double>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(Map.Entry::getKey).orElse(null);
    }

    /** The priority level with the most requests queued, or null when nothing is queued. */
    public String mostQueuedLevel() {
        return inQueueByPriorityLevel.entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .max(Map.Entry.<String, Double>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(Map.Entry::getKey).orElse(null);
    }

    /** The reason most of a level's rejections had ({@code time-out}, ...), or "" when it has none. */
    public String mainRejectionReason(String priorityLevel) {
        Map<String, Double> byReason = new HashMap<>();
        for (ApfRejection rejection : rejections) {
            if (rejection.priorityLevel().equals(priorityLevel)) {
                byReason.merge(rejection.reason(), rejection.perSecond(), Double::sum);
            }
        }
        return byReason.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
    }

    private static String level(Labels labels) {
        return labels.get("priority_level");
    }

    private static Set<String> union(Map<String, Double> a, Map<String, Double> b) {
        Set<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }
}
