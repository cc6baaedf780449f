package dev.flightdeck.app.layout;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Writes the layout a moment after it stops changing: dragging a column's edge or a splitter changes it sixty times
 * a second, and one write at the end is enough. Each {@link #changed} replaces the layout waiting; the first one
 * after a write asks for a write {@code quiet} later, on the writer's own thread (never the FX thread). {@link #close}
 * writes what is still waiting, then stops.
 */
public final class LayoutSaver implements AutoCloseable {

    /** Runs a task after a delay, on a thread that may touch files. */
    @FunctionalInterface
    public interface Later {
        void run(Runnable task, Duration after);
    }

    private final Consumer<WindowLayout> write;
    private final Later later;
    private final Duration quiet;
    private final ScheduledExecutorService own;
    private WindowLayout waiting;
    private boolean scheduled;
    private boolean closed;

    /** For tests: {@code later} runs the writes when the test says. */
    public LayoutSaver(Consumer<WindowLayout> write, Later later, Duration quiet) {
        this(write, later, quiet, null);
    }

    private LayoutSaver(Consumer<WindowLayout> write, Later later, Duration quiet, ScheduledExecutorService own) {
        this.write = write;
        this.later = later;
        this.quiet = quiet;
        this.own = own;
    }

    /** Saves to {@code file} on a thread of its own, half a second after the last change; a failed write is said once. */
    public static LayoutSaver to(WindowLayoutFile file, Consumer<String> problem) {
        var writer = new java.util.concurrent.ScheduledThreadPoolExecutor(1,
                r -> Thread.ofPlatform().name("layout-writer").daemon().unstarted(r));
        // At close the waiting layout is written at once: a write still scheduled has nothing left to do.
        writer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        boolean[] said = {false};
        Consumer<WindowLayout> save = l -> {
            try {
                file.save(l);
            } catch (java.io.IOException | RuntimeException e) {
                if (!said[0]) {
                    said[0] = true;
                    problem.accept("the window layout cannot be saved to " + file.path() + ": " + e.getMessage());
                }
            }
        };
        return new LayoutSaver(save, (task, after) -> writer.schedule(task, after.toMillis(), TimeUnit.MILLISECONDS),
                Duration.ofMillis(500), writer);
    }

    public synchronized void changed(WindowLayout layout) {
        if (closed) {
            return;
        }
        waiting = layout;
        if (!scheduled) {
            scheduled = true;
            later.run(this::writeWaiting, quiet);
        }
    }

    private void writeWaiting() {
        WindowLayout l;
        synchronized (this) {
            scheduled = false;
            l = waiting;
            waiting = null;
        }
        if (l != null) {
            write.accept(l);
        }
    }

    /** Writes what waits (on the writer's thread, waiting for it up to two seconds) and takes no more changes. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        if (own == null) {
            writeWaiting();
            return;
        }
        own.execute(this::writeWaiting);
        own.shutdown();
        try {
            own.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
