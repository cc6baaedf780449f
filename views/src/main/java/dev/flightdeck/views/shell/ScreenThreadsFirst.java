package dev.flightdeck.views.shell;

import dev.flightdeck.app.threads.ThreadNiceness;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Gives the FX thread and the renderer first claim on a core: every other thread of the console (the model's folds,
 * the watches' parsing, the HTTP client's event loops, the JIT's compilers) runs at a lower priority where the OS
 * allows it per thread (Linux; see {@link ThreadNiceness}). Looked at again every few seconds, since threads come
 * and go (watches, compiler threads, virtual threads' carriers).
 * <p>
 * Kept at normal priority besides the screen's two threads: the JVM's stop-the-world collectors and its VM thread,
 * which stop the FX thread too while they run, and G1's concurrent threads, which keep those pauses short.
 * <p>
 * Measured on the 2-core machine (the console under Xvfb against a sandbox of 7,500 nodes in another process, 200
 * changes/s for 30 s; four runs without, three with): the longest pulse 193–256 ms without, 74–96 ms with; the
 * p99 of the pulses that did work 98–161 ms without, 49–60 ms with; the first screen and the sync unchanged.
 * {@code -Dflightdeck.backgroundNice=0} turns it off (to compare), another value sets the nice value.
 */
final class ScreenThreadsFirst {

    /** Nice values run from 0 (normal) to 19 (lowest); at 10 a thread gets about a tenth of a core it shares with one at 0. */
    static final int DEFAULT_NICE = 10;
    private static final long SWEEP_SECONDS = 5;

    /** Thread names as the kernel keeps them (15 characters at most), by prefix. */
    private static final List<String> SCREEN_AND_PAUSES = List.of(
            "JavaFX Applicat", // the FX thread (on Linux also GTK's event loop)
            "QuantumRenderer", // the renderer: painting happens here
            "InvokeLaterDisp", // hands runLater tasks to the FX thread
            "GC Thread", "G1 ", "VM Thread");

    private ScreenThreadsFirst() {
    }

    /** Whether a thread of this name runs below the screen's threads. */
    static boolean isBackground(String name) {
        return SCREEN_AND_PAUSES.stream().noneMatch(name::startsWith);
    }

    /** Starts lowering the background threads, now and every few seconds; does nothing where the OS cannot. */
    static void start() {
        int nice = Integer.getInteger("flightdeck.backgroundNice", DEFAULT_NICE);
        if (nice <= 0) {
            return;
        }
        ThreadNiceness.linux().ifPresent(niceness -> {
            ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(
                    r -> Thread.ofPlatform().name("background-nice").daemon().unstarted(r));
            sweeper.scheduleWithFixedDelay(() -> niceness.lower(ScreenThreadsFirst::isBackground, nice),
                    0, SWEEP_SECONDS, TimeUnit.SECONDS);
        });
    }
}
