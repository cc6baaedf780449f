package dev.flightdeck.app.nodes;

/** Device counts as Kubernetes writes them ("8" in a label or a quantity); anything else counts as 0. */
public final class WholeNumbers {

    private WholeNumbers() {
    }

    /** A non-negative whole number, or -1 when {@code s} is none (a quantity like "8" is; "8.5", "1k", "-2" are not). */
    public static int parseOrMinusOne(String s) {
        if (s == null) {
            return -1;
        }
        try {
            int n = Integer.parseInt(s.trim());
            return n < 0 ? -1 : n;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public static int parseOrZero(String s) {
        if (s == null) {
            return 0;
        }
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
