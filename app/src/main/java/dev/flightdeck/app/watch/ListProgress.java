package dev.flightdeck.app.watch;

/**
 * How far a LIST has come: objects read so far, and how many the server said remain after the last page
 * ({@code metadata.remainingItemCount}; -1 when it did not say, as with field selectors). {@code whole} once
 * the last page is read.
 */
public record ListProgress(int soFar, long remaining, boolean whole) {

    public static final ListProgress NOT_STARTED = new ListProgress(0, -1, false);

    /** The objects the list will hold, as far as the server has told: so far plus remaining; -1 when unknown. */
    public long expected() {
        return whole ? soFar : remaining < 0 ? -1 : soFar + remaining;
    }
}
