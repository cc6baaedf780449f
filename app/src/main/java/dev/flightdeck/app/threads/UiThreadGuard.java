package dev.flightdeck.app.threads;

/**
 * Catches blocking work on the UI thread in tests. The core does not know JavaFX, but it knows what
 * blocks: a request to the API server, an S3 listing, a settings or journal file read or write. Each
 * calls {@link #blocking} first; with the system property {@code flightdeck.uiThreadGuard=true} (set
 * for the views' tests) such a call on JavaFX's application thread throws, naming what it was, so a
 * screen that freezes for a slow server fails its test instead of a person's afternoon. Off in the
 * product: a check of one thread name, nothing more.
 */
public final class UiThreadGuard {

    /** JavaFX's name for its application thread. */
    static final String FX_THREAD = "JavaFX Application Thread";
    private static final boolean ON = Boolean.getBoolean("flightdeck.uiThreadGuard");

    private UiThreadGuard() {
    }

    /** @param what the blocking work in words, e.g. "GET /api/v1/nodes" */
    public static void blocking(String what) {
        if (ON && FX_THREAD.equals(Thread.currentThread().getName())) {
            throw new IllegalStateException("blocking work on the FX thread: " + what);
        }
    }
}
