package dev.flightdeck.views;

import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits in UI tests that fail with what they were waiting for, not a bare timeout. */
public final class FxWait {

    private FxWait() {
    }

    /**
     * Polls {@code condition} (off the FX thread) until it holds. A poll that throws is "not yet": a lookup made
     * while the FX thread rebuilds that part of the scene can fail on a child list being changed (an
     * IndexOutOfBoundsException in {@code Parent.lookupAll}, seen on a loaded machine); the last such failure is
     * given if the wait times out.
     */
    public static void until(Callable<Boolean> condition, String what) throws Exception {
        RuntimeException[] last = new RuntimeException[1];
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> {
                try {
                    return condition.call();
                } catch (RuntimeException e) {
                    last[0] = e;
                    return false;
                }
            });
        } catch (TimeoutException e) {
            AssertionError timedOut = new AssertionError("timed out waiting for " + what, e);
            if (last[0] != null) {
                timedOut.addSuppressed(last[0]);
            }
            throw timedOut;
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Runs {@code work} on the FX thread and returns its result (its exception, if it throws). */
    public static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, WaitForAsyncUtils.asyncFx(work));
    }
}
