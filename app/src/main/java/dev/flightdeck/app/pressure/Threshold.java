package dev.flightdeck.app.pressure;

/**
 * Where a signal turns amber and red: a value at or above {@code amber} is AMBER, at or above
 * {@code red} is RED. Unknown values (NaN) are never judged.
 */
public record Threshold(double amber, double red) {

    public Threshold {
        if (!(amber <= red)) {
            throw new IllegalArgumentException("amber (" + amber + ") must not be above red (" + red + ")");
        }
    }

    /** Amber at anything above zero, red from {@code red}: for signals where any occurrence is news. */
    public static Threshold anyAbove0(double red) {
        return new Threshold(Double.MIN_VALUE, red);
    }

    public Level levelOf(double value) {
        if (Double.isNaN(value)) {
            return Level.OK;
        }
        return value >= red ? Level.RED : value >= amber ? Level.AMBER : Level.OK;
    }

    /** The bound that the level was reached at (to rank how far past it a value is). */
    double bound(Level level) {
        return level == Level.RED ? red : amber;
    }
}
