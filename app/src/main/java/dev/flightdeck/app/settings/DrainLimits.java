package dev.flightdeck.app.settings;

/**
 * The drain circuit breaker's limits as a context's settings hold them: at most this many GPU nodes,
 * and this share of the fleet's GPUs, out of service at once (the breaker itself, which judges a
 * fleet against them, is {@code actions.drain.CircuitBreaker}).
 */
public record DrainLimits(int maxNodes, double maxGpuPercent) {

    public static final DrainLimits DEFAULTS = new DrainLimits(8, 10);

    public DrainLimits {
        if (maxNodes < 1 || !(maxGpuPercent > 0 && maxGpuPercent <= 100)) {
            throw new IllegalArgumentException("the drain circuit breaker needs at least 1 node and a GPU share in (0, 100]%");
        }
    }
}
