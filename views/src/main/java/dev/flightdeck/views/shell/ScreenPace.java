package dev.flightdeck.views.shell;

/**
 * The status bar's honest word on pace: when objects change fast, how fast; when the
 * screen is behind the watch, by how much. Quiet otherwise.
 */
final class ScreenPace {

    /** Below this the rate is not worth a word. */
    static final double BUSY_PER_SECOND = 50;
    /** Behind by less than this is the normal batching delay. */
    static final long BEHIND_MILLIS = 1_000;
    /** Fewer changes than this are gone by the next drain or two. */
    static final int BACKLOG_WORTH_A_WORD = 500;

    private ScreenPace() {
    }

    /** " · 1,240 updates/s", " · showing data 3 s old · 12,000 updates/s", or "". */
    static String describe(long lagMillis, double updatesPerSecond) {
        return describe(lagMillis, updatesPerSecond, 0);
    }

    /** As above, and " · 2,300 changes still to show" while the screens' time per pulse holds changes back. */
    static String describe(long lagMillis, double updatesPerSecond, int backlog) {
        StringBuilder sb = new StringBuilder();
        if (backlog >= BACKLOG_WORTH_A_WORD) {
            sb.append(" · ").append("%,d".formatted(backlog)).append(" changes still to show");
        }
        if (lagMillis >= BEHIND_MILLIS) {
            sb.append(" · showing data ").append(Math.round(lagMillis / 1000.0)).append(" s old");
        }
        if (updatesPerSecond >= BUSY_PER_SECOND) {
            sb.append(" · ").append("%,d".formatted(Math.round(updatesPerSecond))).append(" updates/s");
        }
        return sb.toString();
    }
}
