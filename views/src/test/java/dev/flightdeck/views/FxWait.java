package dev.flightdeck.views;

import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits in UI tests that fail with what they were waiting for, not a bare timeout. */
public final class FxWait {

    private FxWait() {
    }

    public static void until(Callable<Boolean> condition, String what) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Runs {@code work} on the FX thread and returns its result (its exception, if it throws). */
    public static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, WaitForAsyncUtils.asyncFx(work));
    }
}
