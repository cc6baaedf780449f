package dev.flightdeck.app.fleet;

import java.time.Duration;
import java.time.Instant;

/** Ages the way kubectl prints them: 42s, 7m, 3h12m, 5d. */
public final class Ages {

    private Ages() {
    }

    public static String since(Instant then, Instant now) {
        if (then == null) {
            return "unknown";
        }
        return format(Duration.between(then, now));
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
