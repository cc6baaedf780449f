package dev.flightdeck.views.background;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Work a screen asks for off the FX thread, of which only the latest counts: each {@link #run} makes
 * every earlier one stale, and {@link #supersede} does so without new work (the cluster shown
 * changed, the screen was cleared). A stale result is dropped on arrival, so a slow answer for a
 * cluster no longer shown never lands on the screen. {@code run} and {@code supersede} are called on
 * the FX thread; {@code done} is called there.
 */
public final class LatestOnly {

    /** The work: it may throw, and its failure is handed to {@code failed} in words-ready form. */
    @FunctionalInterface
    public interface Work<T> {
        T call() throws Exception;
    }

    private final Executor background;
    private final Executor fx;
    private long generation;

    /** @param fx how results reach the FX thread ({@code Platform::runLater}; a direct executor in tests) */
    public LatestOnly(Executor background, Executor fx) {
        this.background = background;
        this.fx = fx;
    }

    /** FX thread: runs {@code work} in the background; {@code done} or {@code failed} follow on the FX thread unless superseded. */
    public <T> void run(Work<T> work, Consumer<T> done, Consumer<Exception> failed) {
        long mine = ++generation;
        try {
            background.execute(() -> {
                T result;
                try {
                    result = work.call();
                } catch (Exception e) {
                    fx.execute(() -> {
                        if (mine == generation) {
                            failed.accept(e);
                        }
                    });
                    return;
                }
                fx.execute(() -> {
                    if (mine == generation) {
                        done.accept(result);
                    }
                });
            });
        } catch (RejectedExecutionException stopped) {
            failed.accept(stopped);
        }
    }

    /** FX thread: whatever is under way no longer counts. */
    public void supersede() {
        generation++;
    }

    /** A short reason for a failure: its message, or its kind when it has none. */
    public static String reason(Exception e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
