package dev.flightdeck.app.pressure;

import java.nio.charset.StandardCharsets;

/**
 * Sample values straight from the bytes, without building a String for each: the format's
 * numbers (Go's ParseFloat syntax, minus hex) plus {@code NaN} and {@code [+-]Inf}. Most values
 * in a kube-apiserver body are small integers or short decimals; those take Clinger's fast
 * path (an integer mantissa below 2^53 and a power of ten up to 10^22 are both exact doubles,
 * so one multiplication or division rounds correctly). Anything longer goes to
 * {@link Double#parseDouble} after the syntax here has been checked, so the result is the
 * same double either way.
 */
final class DecimalParser {

    private static final double[] POWERS_OF_TEN = new double[23];
    private static final long FAST_PATH_LIMIT = 1L << 53;

    static {
        double power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
    }

    private DecimalParser() {
    }

    /** The value of bytes [from, to), or NumberFormatException when they do not spell a number. */
    static double parse(byte[] b, int from, int to) {
        int i = from;
        boolean negative = false;
        if (i < to && (b[i] == '+' || b[i] == '-')) {
            negative = b[i] == '-';
            i++;
        }
        if (i < to && !isDigit(b[i]) && b[i] != '.') {
            return special(b, i, to, negative);
        }
        long mantissa = 0;
        int digits = 0; // significant digits taken into the mantissa
        int exponent = 0;
        boolean anyDigit = false;
        boolean tooLong = false;
        for (; i < to && isDigit(b[i]); i++) {
            anyDigit = true;
            if (mantissa == 0 && b[i] == '0') {
                continue; // leading zeros carry nothing
            }
            if (digits < 18) {
                mantissa = mantissa * 10 + (b[i] - '0');
                digits++;
            } else {
                tooLong = true;
            }
        }
        if (i < to && b[i] == '.') {
            for (i++; i < to && isDigit(b[i]); i++) {
                anyDigit = true;
                if (mantissa == 0 && b[i] == '0') {
                    exponent--;
                } else if (digits < 18) {
                    mantissa = mantissa * 10 + (b[i] - '0');
                    digits++;
                    exponent--;
                } else {
                    tooLong = true;
                }
            }
        }
        if (!anyDigit) {
            throw new NumberFormatException();
        }
        if (i < to && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < to && (b[i] == '+' || b[i] == '-')) {
                negativeExponent = b[i] == '-';
                i++;
            }
            if (i == to) {
                throw new NumberFormatException();
            }
            int written = 0;
            for (; i < to && isDigit(b[i]); i++) {
                written = Math.min(written * 10 + (b[i] - '0'), 100_000); // clamp: beyond is 0 or Inf
            }
            exponent += negativeExponent ? -written : written;
        }
        if (i != to) {
            throw new NumberFormatException();
        }
        if (mantissa == 0 && !tooLong) {
            return negative ? -0.0 : 0.0;
        }
        if (!tooLong && mantissa < FAST_PATH_LIMIT && exponent >= -22 && exponent <= 22) {
            double value = exponent < 0 ? mantissa / POWERS_OF_TEN[-exponent] : mantissa * POWERS_OF_TEN[exponent];
            return negative ? -value : value;
        }
        return Double.parseDouble(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
    }

    /** The value of a whole string, in the same syntax (for label values such as {@code le="+Inf"}). */
    static double parse(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        return parse(bytes, 0, bytes.length);
    }

    private static double special(byte[] b, int from, int to, boolean negative) {
        if (matches(b, from, to, "inf") || matches(b, from, to, "infinity")) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (matches(b, from, to, "nan")) {
            return Double.NaN;
        }
        throw new NumberFormatException();
    }

    private static boolean matches(byte[] b, int from, int to, String lowerCaseWord) {
        if (to - from != lowerCaseWord.length()) {
            return false;
        }
        for (int i = 0; i < lowerCaseWord.length(); i++) {
            if ((b[from + i] | 0x20) != lowerCaseWord.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
