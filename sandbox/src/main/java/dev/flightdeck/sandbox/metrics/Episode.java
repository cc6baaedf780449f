package dev.flightdeck.sandbox.metrics;

/**
 * Pressure episodes the sandbox API server can simulate, alone or together. None of
 * them is real load: they change what {@code /metrics} and {@code /readyz} report.
 */
public enum Episode {
    /**
     * Simulated: APF rejects a flooding service account's requests with 429 on one
     * priority level (default {@code workload-low}, flow schema {@code service-accounts}),
     * about 8% of all requests.
     */
    APF_429_STORM,
    /** Simulated: about 4% of API requests fail with 500, 503 or 504, and p99 latency climbs into seconds. */
    SERVER_ERRORS_5XX,
    /** Simulated: a readiness check (default {@code etcd}) fails, so {@code /readyz} answers 500. */
    READYZ_FAILING,
    /** Simulated: 150 Events a second are created and the stored event count climbs. */
    EVENT_FLOOD
}
