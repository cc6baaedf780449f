package dev.flightdeck.views.shell;

import javafx.animation.AnimationTimer;
import javafx.animation.Timeline;

import java.time.Duration;

/**
 * What paces the {@link DeltaBatcher}: the clock it measures waits and holds with, a tick at its rate and a
 * tick on every frame while changes wait. On screen these are {@link System#nanoTime}, an FX {@link Timeline}
 * and an {@link AnimationTimer} ({@link #fx()}); a test passes its own clock and ticks it by hand, so a held
 * button's second or a delta's wait is a number the test sets, not a sleep.
 */
public interface BatchPacing {

    /** Now, in nanoseconds of an arbitrary origin (as {@link System#nanoTime}). */
    long nanoTime();

    /** FX thread: ticks that call {@code tick} every {@code period} once started. */
    Ticks every(Duration period, Runnable tick);

    /** FX thread: ticks that call {@code tick} on every frame once started. */
    Ticks eachFrame(Runnable tick);

    /** A repeating tick; starting it again while it runs changes nothing. */
    interface Ticks {
        void start();

        void stop();
    }

    /** The screen's pacing: the system clock, the FX timeline and the FX pulse. */
    static BatchPacing fx() {
        return FxBatchPacing.INSTANCE;
    }
}
