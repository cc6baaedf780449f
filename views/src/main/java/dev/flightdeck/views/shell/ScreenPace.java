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

    private ScreenPace() {
    }

    /** " · 1,240 updates/s", " · showing data 3 s old · 12,000 updates/s", or "". */
    static String describe(long lagMillis, double updatesPerSecond) {
        StringBuilder sb = new StringBuilder();
        if (lagMillis >= BEHIND_MILLIS) {
            sb.append(" · showing data ").append(Math.round(lagMillis / 1000.0)).append(" s old");
        }
        if (updatesPerSecond >= BUSY_PER_SECOND) {
            sb.append(" · ").append("%,d".formatted(Math.round(updatesPerSecond))).append(" updates/s");
        }
        return sb.toString();
    }
}
