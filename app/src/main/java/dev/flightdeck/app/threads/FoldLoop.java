package dev.flightdeck.app.threads;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The body of a model's one fold thread: take what arrived, at most one fold per {@code intervalNanos} — under churn,
 * changes wait a few milliseconds and are folded together, so an object that changes ten times is rebuilt once — and
 * hand each batch to {@code fold}, until it answers false (asked to stop) or the thread is interrupted.
 */
public final class FoldLoop {

    private FoldLoop() {
    }

    public static <M> void run(BlockingQueue<M> inbox, long intervalNanos, Predicate<List<M>> fold) {
        List<M> batch = new ArrayList<>();
        long lastFold = System.nanoTime() - intervalNanos;
        while (true) {
            try {
                batch.add(inbox.take());
                long wait = lastFold + intervalNanos - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
            } catch (InterruptedException e) {
                return;
            }
            lastFold = System.nanoTime();
            inbox.drainTo(batch);
            if (!fold.test(batch)) {
                return;
            }
            batch.clear();
        }
    }
}
