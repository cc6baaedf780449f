package dev.flightdeck.app.pressure;

/**
 * The scalar signals that are charted over time and judged against thresholds; the
 * breakdowns behind them (by verb, resource, priority level) are in {@link PressureSignals}.
 * Where a signal is the worst of several (a priority level, an etcd operation), the label says so.
 * The order is the display order, and breaks ties between findings equally far past their bounds.
 */
public enum Signal {
    REQUEST_RATE("Requests", Unit.PER_SECOND),
    // APF before 429: when both are equally far past their bounds, the APF rejection is the
    // cause and names the priority level, the 429 share is its echo.
    APF_REJECTED_SHARE("APF rejected share, worst priority level", Unit.PERCENT),
    APF_REJECTED_RATE("APF rejections", Unit.PER_SECOND),
    THROTTLED_SHARE("429 Too Many Requests", Unit.PERCENT),
    SERVER_ERROR_SHARE("5xx errors", Unit.PERCENT),
    APF_IN_QUEUE("APF queued requests, worst priority level", Unit.COUNT),
    APF_WAIT_P99("APF queue wait p99", Unit.SECONDS),
    INFLIGHT_READ_ONLY("In flight, read-only", Unit.COUNT),
    INFLIGHT_MUTATING("In flight, mutating", Unit.COUNT),
    LATENCY_P50("Latency p50", Unit.SECONDS),
    LATENCY_P99("Latency p99", Unit.SECONDS),
    GET_P99("GET latency p99", Unit.SECONDS),
    LIST_P99("LIST latency p99", Unit.SECONDS),
    MUTATING_P99("Write latency p99", Unit.SECONDS),
    WATCHES("Open watches", Unit.COUNT),
    ETCD_P99("etcd latency p99, slowest operation", Unit.SECONDS),
    ETCD_ERROR_RATE("etcd errors", Unit.PER_SECOND),
    EVENT_OBJECTS("Events stored", Unit.COUNT),
    OBJECTS("Objects stored", Unit.COUNT);

    private final String label;
    private final Unit unit;

    Signal(String label, Unit unit) {
        this.label = label;
        this.unit = unit;
    }

    public String label() {
        return label;
    }

    public Unit unit() {
        return unit;
    }
}
