package dev.flightdeck.app.nodes;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * Kubernetes timestamps (RFC 3339, UTC): an unreadable or absent one is null, never an exception.
 * <p>
 * The API server writes them one way: {@code 2026-11-27T20:56:37Z} ({@code metav1.Time}) or with a fraction of a
 * second ({@code metav1.MicroTime}). Those are read by hand; anything else goes to {@link Instant#parse}, which
 * decides. A node carries about twenty timestamps, so a first LIST of 7,500 nodes reads 150,000 of them, and
 * {@code Instant.parse} took half of the node reader's time there (JFR, cold JVM).
 */
public final class Rfc3339 {

    private Rfc3339() {
    }

    public static Instant parseOrNull(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String t = text.trim();
        Instant fast = utcAsWritten(t);
        if (fast != null) {
            return fast;
        }
        try {
            return Instant.parse(t);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * {@code YYYY-MM-DDTHH:MM:SS[.F{1,9}]Z} with every field in range, else null (then {@link Instant#parse} decides,
     * so the answer never differs from it: a leap second, a lower-case letter, an offset all take that path).
     */
    static Instant utcAsWritten(String t) {
        int n = t.length();
        if (n < 20 || t.charAt(n - 1) != 'Z' || t.charAt(4) != '-' || t.charAt(7) != '-' || t.charAt(10) != 'T'
                || t.charAt(13) != ':' || t.charAt(16) != ':') {
            return null;
        }
        int year = digits(t, 0, 4);
        int month = digits(t, 5, 2);
        int day = digits(t, 8, 2);
        int hour = digits(t, 11, 2);
        int minute = digits(t, 14, 2);
        int second = digits(t, 17, 2);
        if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23
                || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return null;
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay(); // also refuses a day the month does not have
        } catch (DateTimeException e) {
            return null;
        }
        int nanos = 0;
        if (n > 20) {
            int fraction = n - 21; // the digits between the '.' at 19 and the 'Z'
            if (t.charAt(19) != '.' || fraction < 1 || fraction > 9) {
                return null;
            }
            nanos = digits(t, 20, fraction);
            if (nanos < 0) {
                return null;
            }
            for (int i = fraction; i < 9; i++) {
                nanos *= 10;
            }
        }
        long seconds = epochDay * 86_400L + hour * 3_600L + minute * 60L + second;
        return Instant.ofEpochSecond(seconds, nanos);
    }

    /** The decimal number in {@code t[from, from + count)}, or -1 when a character there is not a digit. */
    private static int digits(String t, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
