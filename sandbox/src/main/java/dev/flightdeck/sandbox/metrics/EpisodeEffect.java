package dev.flightdeck.sandbox.metrics;

/**
 * What one simulated episode does to the metrics. The simulation resets every rate
 * to its baseline whenever an episode starts or stops and then lets each active
 * episode add its own, so episodes combine and leave no residue when stopped.
 */
interface EpisodeEffect {

    /** Switched on at simulated second {@code t}: adds (at zero) the series it feeds. */
    void start(double t);

    /** Switched off at simulated second {@code t}. */
    void stop(double t);

    boolean active();

    /** Adds this episode's growth per simulated second on top of the baseline; called only while active. */
    void addRates();
}
