package dev.flightdeck.app.queues;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Kubernetes quantities ("16", "500m", "64Gi", "1.5", "2e3") read as numbers, for the sums and
 * differences a queue's usage needs. What is no quantity reads as null: never a guessed 0.
 */
public final class Quantities {

    public static final String GPU = "nvidia.com/gpu";

    private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
            Map.entry("n", new BigDecimal("1e-9")), Map.entry("u", new BigDecimal("1e-6")),
            Map.entry("m", new BigDecimal("1e-3")), Map.entry("", BigDecimal.ONE),
            Map.entry("k", new BigDecimal("1e3")), Map.entry("M", new BigDecimal("1e6")),
            Map.entry("G", new BigDecimal("1e9")), Map.entry("T", new BigDecimal("1e12")),
            Map.entry("P", new BigDecimal("1e15")), Map.entry("E", new BigDecimal("1e18")),
            Map.entry("Ki", BigDecimal.valueOf(1L << 10)), Map.entry("Mi", BigDecimal.valueOf(1L << 20)),
            Map.entry("Gi", BigDecimal.valueOf(1L << 30)), Map.entry("Ti", BigDecimal.valueOf(1L << 40)),
            Map.entry("Pi", BigDecimal.valueOf(1L << 50)), Map.entry("Ei", BigDecimal.valueOf(1L << 60)));

    private Quantities() {
    }

    /** The quantity's value, or null when {@code text} is none. */
    public static BigDecimal parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String s = text.trim();
        int end = s.length();
        while (end > 0 && Character.isLetter(s.charAt(end - 1))) {
            end--;
        }
        String suffix = s.substring(end);
        String number = s.substring(0, end);
        BigDecimal scale = SUFFIXES.get(suffix);
        if (scale == null || number.isEmpty()) {
            return null; // "1Gb", "Gi": no quantity ("2e3" ends in a digit, so its exponent is no suffix)
        }
        try {
            return new BigDecimal(number).multiply(scale);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The value, 0 when none: for sums where a missing usage means nothing used. */
    public static BigDecimal parseOrZero(String text) {
        BigDecimal v = parse(text);
        return v == null ? BigDecimal.ZERO : v;
    }

    /** A GPU count as a whole number, 0 when it is none or not whole (a request of "0.5" GPUs is no request Kubernetes allows). */
    public static int wholeGpus(String text) {
        BigDecimal v = parse(text);
        if (v == null || v.signum() < 0) {
            return 0;
        }
        try {
            return v.intValueExact();
        } catch (ArithmeticException e) {
            return 0;
        }
    }

    /** An amount of {@code resource} in words: "32 GPUs", "1 GPU", "64 cpu", "1Gi memory". */
    public static String words(String amount, String resource) {
        if (GPU.equals(resource)) {
            return amount + ("1".equals(amount) ? " GPU" : " GPUs");
        }
        return amount + " " + resource;
    }

    /** A number as a quantity's plain text: "16", "0.5" (never "1.6E+1"). */
    public static String plain(BigDecimal v) {
        return v.signum() == 0 ? "0" : v.stripTrailingZeros().toPlainString();
    }
}
