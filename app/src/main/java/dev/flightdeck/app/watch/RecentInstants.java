package dev.flightdeck.app.watch;

import java.time.Instant;

/**
 * Shares one Instant among pods created at the same moment (a controller creates a
 * gang's ranks within a second or two, so a 512-rank gang's pods mostly carry a handful
 * of creation times). A small direct-mapped cache: it never grows, and a miss only costs
 * the copy the pod would have kept anyway.
 */
final class RecentInstants {

    private static final int SLOTS = 1 << 10;

    private final Instant[] recent = new Instant[SLOTS];

    Instant share(Instant t) {
        if (t == null) {
            return null;
        }
        int slot = Long.hashCode(t.getEpochSecond() * 31 + t.getNano()) & (SLOTS - 1);
        Instant cached = recent[slot];
        if (t.equals(cached)) {
            return cached;
        }
        recent[slot] = t;
        return t;
    }
}
