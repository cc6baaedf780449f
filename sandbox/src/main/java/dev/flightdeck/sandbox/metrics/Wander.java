package dev.flightdeck.sandbox.metrics;

/**
 * A smooth, repeatable wobble in [-1, 1] for a gauge: two sine waves whose periods
 * (about a minute to five) and phase come from the series' key, so gauges drift
 * apart from each other yet render the same for the same simulated time.
 */
final class Wander {

    private Wander() {
    }

    static double at(String key, double seconds) {
        int h = key.hashCode();
        double slow = 60 + (h & 0xff);
        double fast = 23 + ((h >>> 8) & 0x3f);
        double phase = ((h >>> 16) & 0xffff) / 65536.0 * 2 * Math.PI;
        return 0.7 * Math.sin(2 * Math.PI * seconds / slow + phase) + 0.3 * Math.sin(2 * Math.PI * seconds / fast + 2 * phase);
    }
}
