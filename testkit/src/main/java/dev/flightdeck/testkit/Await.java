package dev.flightdeck.testkit;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a condition with a deadline, in place of a fixed sleep: a test goes on as soon as what it waits for
 * holds, however fast or loaded the machine, and fails naming it when the deadline passes. The deadline is a bound on
 * a broken run, not a figure the test measures: set it well past the slowest honest run.
 */
public final class Await {

    /** How often the condition is read again. */
    static final Duration POLL = Duration.ofMillis(20);

    private Await() {
    }

    /** Returns once {@code condition} holds; fails with "not within N s: WHAT" when {@code within} passes first. */
    public static void until(String what, Duration within, BooleanSupplier condition) throws InterruptedException {
        until(() -> what, within, condition);
    }

    /** As above; {@code what} is read when the wait fails, so it can say what was seen last. */
    public static void until(Supplier<String> what, Duration within, BooleanSupplier condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + describe(within) + ": " + what.get());
            }
            Thread.sleep(POLL);
        }
    }

    private static String describe(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
