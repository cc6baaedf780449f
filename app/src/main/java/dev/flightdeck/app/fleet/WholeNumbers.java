package dev.flightdeck.app.fleet;

/** Device counts as Kubernetes writes them ("8" in a label or a quantity); anything else counts as 0. */
public final class WholeNumbers {

    private WholeNumbers() {
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
