package dev.flightdeck.sandbox.metrics;

/**
 * Sample values printed as the Prometheus Go client prints them
 * ({@code strconv.FormatFloat(v, 'g', -1, 64)}): the shortest digits that round-trip,
 * exponent form below 1e-4 and from 1e6 up ({@code 5.83322872e+08}), so the simulated
 * text reads like the real server's. Java's {@link Double#toString} gives the same
 * shortest digits (JDK 19+); only the layout differs.
 */
final class GoFloat {

    private GoFloat() {
    }

    /** Parses a sample value as the text format writes it ({@code +Inf}, {@code -Inf}, {@code NaN} included). */
    static double parse(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    static String format(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e6) {
            return Long.toString((long) v);
        }
        StringBuilder out = new StringBuilder(24);
        if (v < 0) {
            out.append('-');
        }
        String s = Double.toString(Math.abs(v));
        int e = s.indexOf('E');
        String mantissa = e < 0 ? s : s.substring(0, e);
        int dot = mantissa.indexOf('.');
        String digits = mantissa.substring(0, dot) + mantissa.substring(dot + 1);
        int point = dot + (e < 0 ? 0 : Integer.parseInt(s.substring(e + 1)));
        int lead = 0;
        while (lead < digits.length() - 1 && digits.charAt(lead) == '0') {
            lead++;
        }
        int end = digits.length();
        while (end > lead + 1 && digits.charAt(end - 1) == '0') {
            end--;
        }
        digits = digits.substring(lead, end);
        point -= lead;
        int exp = point - 1;
        if (exp < -4 || exp >= 6) {
            out.append(digits.charAt(0));
            if (digits.length() > 1) {
                out.append('.').append(digits, 1, digits.length());
            }
            out.append(exp < 0 ? "e-" : "e+");
            int abs = Math.abs(exp);
            if (abs < 10) {
                out.append('0');
            }
            return out.append(abs).toString();
        }
        if (point <= 0) {
            out.append("0.").repeat('0', -point).append(digits);
        } else if (point >= digits.length()) {
            out.append(digits).repeat('0', point - digits.length());
        } else {
            out.append(digits, 0, point).append('.').append(digits, point, digits.length());
        }
        return out.toString();
    }
}
