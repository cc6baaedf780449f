package dev.flightdeck.sandbox.metrics;

import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * Switches the sandbox API server's simulated pressure: {@link Episode}s that show in
 * {@code /metrics} and {@code /readyz}, simulated faults of {@code /metrics} itself,
 * and the simulated clock those endpoints run on. Tests and the UI call it directly
 * (not over HTTP); the sandbox's own {@code /metrics} reflects it on the next GET.
 */
public final class SandboxPressure {

    private final SimulatedTime time;
    private final MetricsSimulation simulation;
    private final MetricsFaults faults = new MetricsFaults();
    private final MetricsEndpoints endpoints;

    private SandboxPressure(SimulatedTime time, ToIntFunction<String> storedObjects) {
        this.time = time;
        this.simulation = new MetricsSimulation(time, storedObjects);
        this.endpoints = new MetricsEndpoints(simulation,
                new HealthChecks(simulation.readyz::failingCheck), faults);
    }

    /**
     * Pressure on a simulated server that starts now on the wall clock.
     *
     * @param storedObjects how many objects the sandbox stores per table ("nodes", "pods", ...),
     *                      read for {@code apiserver_storage_objects} and the watch counts
     */
    public static SandboxPressure simulate(ToIntFunction<String> storedObjects) {
        return new SandboxPressure(SimulatedTime.wallClock(), storedObjects);
    }

    /** Starts an episode with its default target; starting one already on changes nothing. */
    public void start(Episode episode) {
        simulation.start(episode);
    }

    public void stop(Episode episode) {
        simulation.stop(episode);
    }

    public void stopAll() {
        for (Episode e : Episode.values()) {
            simulation.stop(e);
        }
    }

    public boolean isActive(Episode episode) {
        return simulation.isActive(episode);
    }

    public Set<Episode> active() {
        return simulation.active();
    }

    /** (Re)starts {@link Episode#APF_429_STORM} on this priority level and flow schema. */
    public void startApfStorm(String priorityLevel, String flowSchema) {
        simulation.stop(Episode.APF_429_STORM);
        simulation.storm.aim(priorityLevel, flowSchema);
        simulation.start(Episode.APF_429_STORM);
    }

    /** (Re)starts {@link Episode#READYZ_FAILING} with this check failing, e.g. "etcd" or "informer-sync". */
    public void failReadyzCheck(String check) {
        simulation.stop(Episode.READYZ_FAILING);
        simulation.readyz.aim(check);
        simulation.start(Episode.READYZ_FAILING);
    }

    /** Simulated fault: {@code /metrics} answers 403 with the real server's Status, as to a caller without RBAC for it. */
    public void simulateForbiddenMetrics(boolean on) {
        faults.forbid(on);
    }

    /** Simulated fault: the next {@code /metrics} answer is cut off inside a sample line; later ones are whole. */
    public void simulateTruncatedMetricsOnce() {
        faults.truncateNextAnswer();
    }

    /** The simulated clock: jump ahead with {@link SimulatedTime#advance}, or speed it up. */
    public SimulatedTime time() {
        return time;
    }

    public MetricsEndpoints endpoints() {
        return endpoints;
    }
}
