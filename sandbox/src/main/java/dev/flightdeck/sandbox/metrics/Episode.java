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
    APF_429_STORM("APF 429 storm on workload-low"),
    /** Simulated: about 4% of API requests fail with 500, 503 or 504, and p99 latency climbs into seconds. */
    SERVER_ERRORS_5XX("5xx burst with slow requests"),
    /** Simulated: a readiness check (default {@code etcd}) fails, so {@code /readyz} answers 500. */
    READYZ_FAILING("Failing readyz check (etcd)"),
    /** Simulated: 150 Events a second are created and the stored event count climbs. */
    EVENT_FLOOD("Event flood");

    private final String title;

    Episode(String title) {
        this.title = title;
    }

    /** What a person is offered to switch on, in words. */
    public String title() {
        return title;
    }
}
