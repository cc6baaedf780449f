package dev.flightdeck.sandbox.metrics;

/**
 * An episode that is simply on or off: starting it prepares what it feeds ({@link #begin}), then
 * switches it on; stopping switches it off. Rendering threads read the switch, hence volatile.
 */
abstract class SwitchedEffect implements EpisodeEffect {

    private volatile boolean active;

    /** Adds (at zero) the series this episode feeds; nothing by default. Called before it is switched on. */
    void begin(double t) {
    }

    @Override
    public final void start(double t) {
        begin(t);
        active = true;
    }

    @Override
    public final void stop(double t) {
        active = false;
    }

    @Override
    public final boolean active() {
        return active;
    }
}
