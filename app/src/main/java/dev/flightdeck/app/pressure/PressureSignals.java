package dev.flightdeck.app.pressure;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything derived from one scrape (and the one before it, for rates and quantiles).
 * Immutable. Unknown values are NaN, never 0: the first scrape, the one after a restart and
 * the one after a long gap have gauges but no rates, and {@link #noRatesBecause} says why.
 *
 * @param window           the time between the two scrapes the rates cover, or null without rates
 * @param noRatesBecause   why there are no rates, in words; "" when there are
 * @param inflightByKind   {@code apiserver_current_inflight_requests} by {@code request_kind}
 *                         ({@code readOnly}, {@code mutating})
 * @param watchesByResource open watches ({@code apiserver_longrunning_requests{verb="WATCH"}}) by
 *                         resource, group-qualified ({@code leases.coordination.k8s.io})
 */
public record PressureSignals(Instant at, Duration window, String noRatesBecause,
                              RequestSignals requests, LatencySignals latency, ApfSignals apf,
                              Map<String, Double> inflightByKind, Map<String, Long> watchesByResource,
                              EtcdSignals etcd, ObjectCounts objects) {

    public PressureSignals {
        inflightByKind = Map.copyOf(inflightByKind);
        watchesByResource = Collections.unmodifiableMap(new TreeMap<>(watchesByResource));
    }

    static PressureSignals derive(Instant at, ScrapePair pair, String noRatesBecause) {
        Map<String, Double> inflight = pair.gaugesBy(ApiServerMetrics.INFLIGHT, labels -> true, labels -> labels.get("request_kind"));
        Map<String, Double> watches = pair.gaugesBy(ApiServerMetrics.LONGRUNNING, labels -> labels.get("verb").equals("WATCH"),
                labels -> RequestKinds.qualified(labels.get("resource"), labels.get("group")));
        Map<String, Long> watchCounts = new TreeMap<>();
        watches.forEach((resource, count) -> watchCounts.put(resource, Math.round(count)));
        return new PressureSignals(at, pair.window(), pair.hasRates() ? "" : noRatesBecause,
                RequestSignals.derive(pair), LatencySignals.derive(pair), ApfSignals.derive(pair),
                inflight, watchCounts, EtcdSignals.derive(pair), ObjectCounts.derive(pair.current()));
    }

    public boolean hasRates() {
        return window != null;
    }

    public long watches() {
        return watchesByResource.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The scalar value of a signal, NaN when unknown. */
    public double value(Signal signal) {
        return switch (signal) {
            case REQUEST_RATE -> requests.perSecond();
            case THROTTLED_SHARE -> requests.throttledPercent();
            case SERVER_ERROR_SHARE -> requests.serverErrorPercent();
            case APF_REJECTED_RATE -> apf.rejectedPerSecond();
            case APF_REJECTED_SHARE -> hasRates() ? maxOrZero(apf.rejectedPercentByPriorityLevel()) : Double.NaN;
            case APF_IN_QUEUE -> maxOrZero(apf.inQueueByPriorityLevel());
            case APF_WAIT_P99 -> apf.waitP99Seconds();
            case INFLIGHT_READ_ONLY -> inflightByKind.getOrDefault("readOnly", Double.NaN);
            case INFLIGHT_MUTATING -> inflightByKind.getOrDefault("mutating", Double.NaN);
            case LATENCY_P50 -> latency.p50();
            case LATENCY_P99 -> latency.p99();
            case GET_P99 -> latency.getP99();
            case LIST_P99 -> latency.listP99();
            case MUTATING_P99 -> latency.mutatingP99();
            case WATCHES -> watches();
            case ETCD_P99 -> etcd.slowestP99();
            case ETCD_ERROR_RATE -> etcd.errorsPerSecond();
            case EVENT_OBJECTS -> objects.events().isPresent() ? objects.events().getAsLong() : Double.NaN;
            case OBJECTS -> objects.byResource().isEmpty() ? Double.NaN : objects.total();
        };
    }

    private static double maxOrZero(Map<String, Double> values) {
        return values.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }
}
