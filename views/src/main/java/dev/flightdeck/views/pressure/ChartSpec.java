package dev.flightdeck.views.pressure;

import dev.flightdeck.app.pressure.Signal;

import java.util.List;

/**
 * What one chart on the dashboard draws: signals of one unit that are read together. The first
 * signal with a threshold gives the chart its amber/red lines.
 */
record ChartSpec(String id, String title, List<Signal> signals) {

    static final List<ChartSpec> DASHBOARD = List.of(
            new ChartSpec("refused", "Refused requests, % of all",
                    List.of(Signal.APF_REJECTED_SHARE, Signal.THROTTLED_SHARE, Signal.SERVER_ERROR_SHARE)),
            new ChartSpec("requests", "Requests per second", List.of(Signal.REQUEST_RATE)),
            new ChartSpec("latency", "Request latency, seconds (WATCH and CONNECT excluded)",
                    List.of(Signal.MUTATING_P99, Signal.GET_P99, Signal.LIST_P99, Signal.LATENCY_P99, Signal.LATENCY_P50)),
            new ChartSpec("apf-queue", "APF queued requests, worst priority level", List.of(Signal.APF_IN_QUEUE)),
            new ChartSpec("apf-wait", "APF queue wait p99, seconds", List.of(Signal.APF_WAIT_P99)),
            new ChartSpec("inflight", "Requests in flight", List.of(Signal.INFLIGHT_READ_ONLY, Signal.INFLIGHT_MUTATING)),
            new ChartSpec("etcd", "etcd latency p99, slowest operation, seconds", List.of(Signal.ETCD_P99)),
            new ChartSpec("etcd-errors", "etcd errors per second", List.of(Signal.ETCD_ERROR_RATE)),
            new ChartSpec("watches", "Open watches", List.of(Signal.WATCHES)),
            new ChartSpec("events", "Objects stored (events called out)", List.of(Signal.EVENT_OBJECTS, Signal.OBJECTS)));
}
