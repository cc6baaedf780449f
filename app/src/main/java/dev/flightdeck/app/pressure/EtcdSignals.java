package dev.flightdeck.app.pressure;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * etcd as the API server sees it: request latency by operation from
 * {@code etcd_request_duration_seconds} (labels {@code {operation,type}} before 1.34,
 * {@code {operation,group,resource}} from 1.34; only {@code operation} is used, so both read
 * the same) and errors from {@code etcd_request_errors_total}.
 *
 * @param slowestOperation the non-list operation with the highest p99, or "" when none is known.
 *                         List operations are left out of it: a LIST of a large resource is slow
 *                         because of its size, not because etcd is in trouble, and would keep
 *                         any busy cluster permanently amber.
 * @param errorsPerSecond  NaN until there are rates; 0 when the family is absent (no errors yet)
 */
public record EtcdSignals(Map<String, Double> p99ByOperation, String slowestOperation, double slowestP99,
                          double errorsPerSecond) {

    public EtcdSignals {
        p99ByOperation = Map.copyOf(p99ByOperation);
    }

    static EtcdSignals derive(ScrapePair pair) {
        Map<String, Buckets> byOperation = pair.increasesBy(ApiServerMetrics.ETCD_DURATION, labels -> true,
                labels -> labels.get("operation"));
        Map<String, Double> p99 = new HashMap<>();
        String slowest = "";
        double slowestP99 = Double.NaN;
        for (Map.Entry<String, Buckets> operation : byOperation.entrySet()) {
            double value = operation.getValue().quantile(0.99);
            if (Double.isNaN(value)) {
                continue;
            }
            p99.put(operation.getKey(), value);
            boolean isList = operation.getKey().toLowerCase(Locale.ROOT).contains("list");
            if (!isList && (Double.isNaN(slowestP99) || value > slowestP99)) {
                slowest = operation.getKey();
                slowestP99 = value;
            }
        }
        return new EtcdSignals(p99, slowest, slowestP99, pair.rate(ApiServerMetrics.ETCD_ERRORS, labels -> true));
    }
}
