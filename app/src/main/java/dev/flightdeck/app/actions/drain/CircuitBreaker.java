package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.settings.DrainLimits;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;

/**
 * Stops a drain (or a series of them) from taking too much of the fleet out at once: at most
 * {@code maxNodes} GPU nodes, or {@code maxGpuPercent} of the GPUs, out of service together.
 * Out of service means cordoned, not ready, or gated by preflight — capacity nobody can schedule
 * on. The point is the 3 a.m. incident where one more drain turns a degraded cluster into an
 * outage; the limit is a setting so a planned maintenance can raise it deliberately.
 */
public record CircuitBreaker(int maxNodes, double maxGpuPercent) {

    public static final CircuitBreaker DEFAULTS = of(DrainLimits.DEFAULTS);

    public CircuitBreaker {
        new DrainLimits(maxNodes, maxGpuPercent); // the same bounds as the settings': throws outside them
    }

    /** The breaker for a context's settings. */
    public static CircuitBreaker of(DrainLimits limits) {
        return new CircuitBreaker(limits.maxNodes(), limits.maxGpuPercent());
    }

    /** What the breaker says about draining {@code draining} now. */
    public record Check(boolean trips, String line) {
    }

    public Check check(Collection<GpuNode> fleet, Set<String> draining) {
        int nodesOut = 0;
        int gpusOut = 0;
        int gpusAll = 0;
        int adding = 0;
        int addingGpus = 0;
        for (GpuNode n : fleet) {
            if (n.gpuTotal() == 0) {
                continue; // system nodes do not count towards GPU capacity
            }
            gpusAll += n.gpuTotal();
            if (outOfService(n)) {
                nodesOut++;
                gpusOut += n.gpuTotal();
            } else if (draining.contains(n.name())) {
                adding++;
                addingGpus += n.gpuTotal();
            }
        }
        double nowPct = gpusAll == 0 ? 0 : 100.0 * gpusOut / gpusAll;
        double afterPct = gpusAll == 0 ? 0 : 100.0 * (gpusOut + addingGpus) / gpusAll;
        int after = nodesOut + adding;
        boolean trips = adding > 0 && (after > maxNodes || afterPct > maxGpuPercent);
        String line = String.format(Locale.ROOT, "circuit breaker: %d GPU node%s (%.1f%% of GPUs) out of service now; "
                        + "after this drain %d (%.1f%%); limit %d nodes or %.0f%% of GPUs%s",
                nodesOut, nodesOut == 1 ? "" : "s", nowPct, after, afterPct, maxNodes, maxGpuPercent,
                trips ? " — TRIPS: wait for capacity to come back, or raise the limit in Cluster settings" : "");
        return new Check(trips, line);
    }

    public static boolean outOfService(GpuNode n) {
        return n.cordon().cordoned() || n.verdict() == NodeVerdict.NOT_READY || n.verdict() == NodeVerdict.GATED;
    }

    /** Convenience for one node. */
    public Check check(Collection<GpuNode> fleet, String node) {
        return check(fleet, Set.of(node));
    }
}
