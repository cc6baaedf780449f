package dev.flightdeck.sandbox.metrics;

import java.util.Set;

/**
 * How fast each captured counter grows while nothing is wrong, derived from the
 * capture alone so the simulation is the same on every run.
 * <p>
 * The capture was taken {@code uptime} seconds after the server started (its Go
 * runtime's total CPU seconds over GOMAXPROCS, about 12 s). Runtime series
 * ({@code go_*}, {@code process_*}) keep the pace they had: captured value over
 * uptime. Traffic series (everything else) are sped up so that successful
 * {@code apiserver_request_total} sums to {@code requestsPerSecond}: each grows at
 * its captured value times {@code requestsPerSecond / capturedSuccesses}, which
 * keeps the capture's split by verb, resource and client. Non-2xx requests of the
 * capture (bootstrap 404s, 500s from {@code /readyz} before start-up finished, a PDB
 * 429) stay as captured: a healthy sandbox adds no errors; episodes do. Counters
 * that only move at start-up stay as captured too.
 */
final class BaselineRates {

    static final String REQUESTS = "apiserver_request_total";

    private static final Set<String> START_UP_ONLY = Set.of(
            "aggregator_discovery_aggregation_count_total",
            "apiserver_watch_cache_initializations_total",
            "registered_metrics_total",
            "hidden_metrics_total",
            "kube_apiserver_clusterip_allocator_allocation_total",
            "rest_client_transport_create_calls_total");

    private BaselineRates() {
    }

    static void assign(MetricsTable table, double requestsPerSecond) {
        double uptime = captureUptime(table);
        double traffic = requestsPerSecond / capturedSuccesses(table);
        for (MetricsTable.Family f : table.families()) {
            boolean runtime = f.name.startsWith("go_") || f.name.startsWith("process_");
            double pace = START_UP_ONLY.contains(f.name) ? 0 : runtime ? 1 / uptime : traffic;
            for (Series s : f.series) {
                if (s.grows() && !(f.name.equals(REQUESTS) && !isSuccess(s))) {
                    s.baseRate = s.value * pace;
                }
            }
        }
        table.resetRates();
    }

    /** Seconds between the captured server's start and the capture. */
    static double captureUptime(MetricsTable table) {
        return table.captured("go_cpu_classes_total_cpu_seconds_total") / table.captured("go_sched_gomaxprocs_threads");
    }

    static boolean isSuccess(Series request) {
        String code = Labels.value(request.labels, "code");
        return code != null && code.startsWith("2");
    }

    private static double capturedSuccesses(MetricsTable table) {
        double sum = 0;
        for (Series s : table.family(REQUESTS).series) {
            if (isSuccess(s)) {
                sum += s.value;
            }
        }
        return sum;
    }
}
