package dev.flightdeck.app.pressure;

/**
 * Writing the Prometheus text format, for anything that serves {@code /metrics} (the sandbox)
 * and for tests that must produce exactly what a server would.
 */
public final class ExpositionText {

    private ExpositionText() {
    }

    /** Escapes a label value for use between double quotes: {@code \}, {@code "} and line feed. */
    public static String escapeLabelValue(String value) {
        if (value.indexOf('\\') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append("\\n");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A sample value as the format spells it: {@code NaN}, {@code +Inf}, {@code -Inf} or a Java double. */
    public static String formatValue(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+Inf" : "-Inf";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value);
    }

    /** One sample line, newline included. */
    public static String sampleLine(String name, Labels labels, double value) {
        return name + labels + " " + formatValue(value) + "\n";
    }
}
