package dev.flightdeck.app.pressure;

import java.util.Locale;

/** How a signal's value reads: {@code 312/s}, {@code 4.2%}, {@code 84 ms}, {@code 512k}. */
public enum Unit {
    PER_SECOND, PERCENT, SECONDS, COUNT;

    /** The value in words for a label or headline; "n/a" when unknown (NaN). */
    public String format(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        return switch (this) {
            case PER_SECOND -> number(value) + "/s";
            case PERCENT -> value > 0 && value < 0.1 ? "<0.1%" : String.format(Locale.ROOT, "%.1f%%", value);
            case SECONDS -> value < 1 ? String.format(Locale.ROOT, "%.0f ms", value * 1000)
                    : value < 10 ? String.format(Locale.ROOT, "%.1f s", value) : String.format(Locale.ROOT, "%.0f s", value);
            case COUNT -> count(value);
        };
    }

    static String number(double value) {
        if (value == 0) {
            return "0";
        }
        return value < 10 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.0f", value);
    }

    private static String count(double value) {
        if (value < 10_000) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (value < 1_000_000) {
            return String.format(Locale.ROOT, "%.0fk", value / 1_000);
        }
        return String.format(Locale.ROOT, "%.1fM", value / 1_000_000);
    }
}
