package dev.flightdeck.app.watch;

import java.time.Instant;

/**
 * The health of one watcher, or of a whole cluster connection when combined.
 *
 * @param attempt   reconnect attempts since the last success (0 when live)
 * @param reason    why it is reconnecting or failed, in words; null otherwise
 * @param newest    when the newest data arrived (list, event or bookmark); null before any. Combined:
 *                  the stalest kind's, see {@link #combine}
 */
public record WatchHealth(String resource, WatchPhase phase, int attempt, String reason, Instant newest) {

    public static WatchHealth syncing(String resource) {
        return new WatchHealth(resource, WatchPhase.SYNCING, 0, null, null);
    }

    /**
     * The worst of several watchers: the indicator shows what needs attention. Its data is as old as
     * the stalest kind's (a kind whose watch went quiet while the others flow must not hide behind
     * them); a kind the server refuses (FAILED) has no data to be old, and the phase already says so.
     * Null while a kind that is not refused has no data yet.
     */
    public static WatchHealth combine(String name, Iterable<WatchHealth> parts) {
        WatchPhase phase = WatchPhase.LIVE;
        int attempt = 0;
        String reason = null;
        Instant stalest = null;
        boolean any = false;
        boolean someWithoutData = false;
        for (WatchHealth h : parts) {
            any = true;
            if (rank(h.phase()) > rank(phase)) {
                phase = h.phase();
                reason = h.reason();
            }
            attempt = Math.max(attempt, h.attempt());
            if (h.phase() == WatchPhase.FAILED) {
                continue;
            }
            if (h.newest() == null) {
                someWithoutData = true;
            } else if (stalest == null || h.newest().isBefore(stalest)) {
                stalest = h.newest();
            }
        }
        return new WatchHealth(name, any ? phase : WatchPhase.SYNCING, attempt, reason, someWithoutData ? null : stalest);
    }

    private static int rank(WatchPhase p) {
        return switch (p) {
            case LIVE -> 0;
            case SYNCING -> 1;
            case RECONNECTING -> 2;
            case STOPPED -> 3;
            case FAILED -> 4;
        };
    }

    /** Short words for a status bar: "live", "reconnecting (attempt 3)", "failed: 403 ...". */
    public String describe() {
        return switch (phase) {
            case RECONNECTING -> "reconnecting (attempt " + attempt + ")" + (reason == null ? "" : ": " + reason);
            case FAILED -> "failed" + (reason == null ? "" : ": " + reason);
            default -> phase.label();
        };
    }
}
