package dev.flightdeck.views.background;

import dev.flightdeck.app.session.ClusterSession;
import javafx.beans.value.ObservableValue;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Reads the session on screen on a thread of its own, every so often and at once when another session comes on
 * screen: for a screen whose figures are totals over the whole model (the team table, the queues), worked out off the
 * FX thread at a pace of its own rather than on every change. {@code read} gets the session (null when none is on
 * screen) on the reader thread; a failure of one read is logged and the next one runs.
 */
public final class OnScreenReader implements AutoCloseable {

    private final String threadName;
    private final Duration every;
    private final Consumer<ClusterSession> read;
    private ScheduledExecutorService reader;
    /** The session on screen, as last set on the FX thread; read by the reader thread. */
    private volatile ClusterSession session;

    public OnScreenReader(String threadName, Duration every, Consumer<ClusterSession> read) {
        this.threadName = threadName;
        this.every = every;
        this.read = read;
    }

    /** Follows whichever session is on screen (FX thread); the first call starts the reads. */
    public void follow(ObservableValue<ClusterSession> onScreen) {
        session = onScreen.getValue();
        onScreen.addListener((o, was, now) -> {
            session = now;
            readSoon();
        });
        if (reader == null) {
            reader = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().name(threadName).daemon()
                    .unstarted(r));
            reader.scheduleWithFixedDelay(this::readOnce, 0, every.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void readSoon() {
        if (reader != null) {
            try {
                reader.execute(this::readOnce);
            } catch (RejectedExecutionException closed) {
                // the console is closing
            }
        }
    }

    private void readOnce() {
        try {
            read.accept(session);
        } catch (RuntimeException e) {
            // One bad moment of one cluster must not stop the reads.
            System.getLogger(OnScreenReader.class.getName()).log(System.Logger.Level.WARNING, threadName + ": " + e);
        }
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.shutdownNow();
        }
    }
}
