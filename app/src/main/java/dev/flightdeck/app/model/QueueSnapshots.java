package dev.flightdeck.app.model;

import dev.flightdeck.app.gangs.GangBook;
import dev.flightdeck.app.queues.KueueKind;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.QueueBook;
import dev.flightdeck.app.queues.QueuesSnapshot;
import dev.flightdeck.app.queues.VolcanoQueue;
import dev.flightdeck.app.watch.WatchEvent;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The fleet's queues (Kueue's and Volcano's): changes folded into the queue book on the model thread, a snapshot
 * of it built at most once per {@link #INTERVAL_NANOS} for every other thread to read.
 */
final class QueueSnapshots {

    /**
     * The shortest time between two queue snapshots. One costs ~7 ms with 2,500 Workloads waiting on 2,500
     * admitted; while Kueue rewrites Workloads, once per fold (20 a second) would be a sixth of a core.
     */
    static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    /** Model thread only: Kueue's queues; {@link #queues} is what others read. */
    private final QueueBook queueBook = new QueueBook();
    private volatile QueuesSnapshot queues = QueuesSnapshot.EMPTY;
    /** Model thread only: when the last queue snapshot was built, and whether a wake-up for the next is on its way. */
    private long queuesBuiltNanos = System.nanoTime() - INTERVAL_NANOS;
    private boolean queuesDue;
    /** Asks the model thread for a fold (a {@link ClusterMessage.QueuesDue}) when the snapshot put off is due. */
    private final Runnable wake;

    QueueSnapshots(Runnable wake) {
        this.wake = wake;
    }

    void apply(KueueKind kind, WatchEvent<KueueObject> e) {
        queueBook.apply(kind, e);
    }

    void applyVolcano(WatchEvent<VolcanoQueue> e) {
        queueBook.applyVolcano(e);
    }

    /** The wake-up asked for has come: the next fold builds the snapshot. */
    void dueNow() {
        queuesDue = false;
    }

    /** Kueue's queues as of the last snapshot (any thread). */
    QueuesSnapshot current() {
        return queues;
    }

    /**
     * After a fold: a new snapshot when the book changed and the last is old enough (or {@code now}), its queued
     * gangs told to {@code gangs}; else a wake-up for when it is due.
     */
    void afterFold(boolean now, GangBook gangs) {
        if (queueBook.dirty()) {
            // at most once per interval however many Workloads changed: a quota freed changes every waiting reason
            // of its queue; what changed meanwhile waits for the wake-up, not for the next unrelated change
            long since = System.nanoTime() - queuesBuiltNanos;
            if (since >= INTERVAL_NANOS || now) {
                queues = queueBook.snapshot();
                gangs.queued(queues.gangs());
                queuesBuiltNanos = System.nanoTime();
            } else if (!queuesDue) {
                queuesDue = true;
                CompletableFuture.delayedExecutor(INTERVAL_NANOS - since, TimeUnit.NANOSECONDS).execute(wake);
            }
        }
    }
}
