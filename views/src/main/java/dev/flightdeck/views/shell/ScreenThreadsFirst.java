package dev.flightdeck.views.shell;

import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.threads.ThreadNiceness;
import javafx.scene.Scene;

import java.util.List;
import java.util.Optional;
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
 * It begins once the cluster on screen has listed its pods: during the first sync the background work (the LISTs'
 * parsing, the JIT compiling it) is what the person waits for, and a lowered thread cannot be raised again without
 * privileges. Threads started later by lowered threads are born lowered (Linux threads inherit their nice value).
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

    /**
     * FX thread, once the stage is shown: lowers the background threads from the first pulse after the cluster on
     * screen has listed its pods, and every few seconds after; does nothing where the OS cannot.
     */
    static void startOnceLive(Scene scene, SessionController sessions) {
        int nice = Integer.getInteger("flightdeck.backgroundNice", DEFAULT_NICE);
        Optional<ThreadNiceness> niceness = nice > 0 ? ThreadNiceness.linux() : Optional.empty();
        if (niceness.isEmpty()) {
            return;
        }
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            ClusterSession s = sessions.session();
            if (s != null && s.model().sync().podsListed()) {
                scene.removePostLayoutPulseListener(listener[0]);
                ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(
                        r -> Thread.ofPlatform().name("background-nice").daemon().unstarted(r));
                sweeper.scheduleWithFixedDelay(() -> niceness.get().lower(ScreenThreadsFirst::isBackground, nice),
                        0, SWEEP_SECONDS, TimeUnit.SECONDS);
            }
        };
        scene.addPostLayoutPulseListener(listener[0]);
    }
}
