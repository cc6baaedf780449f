package dev.flightdeck.sandbox.metrics;

import java.nio.charset.StandardCharsets;

/** What the sandbox API server answers on {@code /metrics}, {@code /readyz} and {@code /livez}. */
public final class MetricsEndpoints {

    /** The Prometheus text format type the Go client sends to a scraper that asks for nothing else. */
    static final String EXPOSITION = "text/plain; version=0.0.4; charset=utf-8";

    private final MetricsSimulation simulation;
    private final HealthChecks health;
    private final MetricsFaults faults;

    MetricsEndpoints(MetricsSimulation simulation, HealthChecks health, MetricsFaults faults) {
        this.simulation = simulation;
        this.health = health;
        this.faults = faults;
    }

    /** {@code GET /metrics}: open to anyone, as the sandbox has no authentication, unless a fault is simulated. */
    public PlainResponse metrics() {
        if (faults.forbidden()) {
            return new PlainResponse(403, "application/json",
                    MetricsFaults.FORBIDDEN_BODY.getBytes(StandardCharsets.UTF_8));
        }
        String text = simulation.render();
        if (faults.takeTruncation()) {
            text = MetricsFaults.truncate(text);
        }
        return new PlainResponse(200, EXPOSITION, text.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code GET /readyz}, {@code ?verbose} when the query has a {@code verbose} parameter. */
    public PlainResponse readyz(boolean verbose) {
        return health.readyz(verbose);
    }

    /** {@code GET /livez}, {@code ?verbose} when the query has a {@code verbose} parameter. */
    public PlainResponse livez(boolean verbose) {
        return health.livez(verbose);
    }
}
