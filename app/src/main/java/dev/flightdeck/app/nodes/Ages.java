package dev.flightdeck.app.nodes;

import java.time.Duration;
import java.time.Instant;

/** Ages the way kubectl prints them: 42s, 7m, 3h12m, 5d. */
public final class Ages {

    private Ages() {
    }

    /**
     * The age of {@code then}; kubectl's {@code <invalid>} for a time more than a second ahead of
     * {@code now} (a clock that disagrees, or a hostile server), never "0s".
     */
    public static String since(Instant then, Instant now) {
        if (then == null) {
            return "unknown";
        }
        if (inFuture(then, now)) {
            return "<invalid>";
        }
        return format(Duration.between(then, now));
    }

    /** "7m ago"; a future time is given as it is, with the doubt said, so it never reads as fresh. */
    public static String ago(Instant then, Instant now) {
        if (then == null) {
            return "at an unknown time";
        }
        if (inFuture(then, now)) {
            return "dated " + then + ", in the future (clocks disagree?)";
        }
        return format(Duration.between(then, now)) + " ago";
    }

    /** More than a second ahead of {@code now}, as kubectl judges it. */
    public static boolean inFuture(Instant then, Instant now) {
        return then.isAfter(now.plusSeconds(1));
    }

    public static String format(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 120) {
            return s + "s";
        }
        long m = s / 60;
        if (m < 60) {
            return m + "m";
        }
        long h = m / 60;
        if (h < 10) {
            long rest = m % 60;
            return rest == 0 ? h + "h" : h + "h" + rest + "m";
        }
        if (h < 48) {
            return h + "h";
        }
        return (h / 24) + "d";
    }
}
