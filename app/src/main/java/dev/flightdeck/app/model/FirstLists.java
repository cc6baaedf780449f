package dev.flightdeck.app.model;

import dev.flightdeck.app.trace.StartupTrace;
import dev.flightdeck.app.watch.ListProgress;
import dev.flightdeck.app.watch.WatchEvent;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How far {@link ClusterModel} has folded in a cluster's first node and pod LISTs: the progress the status bar and the
 * startup trace show, and the moments readers wait for. Written on the model thread, read from any.
 */
final class FirstLists {

    private final CountDownLatch nodesListed = new CountDownLatch(1);
    private final CountDownLatch podsListed = new CountDownLatch(1);
    /** Written on the model thread only; how far the first LISTs have come, for the status bar and the startup trace. */
    private volatile SyncProgress sync = SyncProgress.NOTHING;

    /** A whole LIST, or the last page of a streamed first one. */
    static boolean ended(WatchEvent<?> e) {
        return e instanceof WatchEvent.Relisted || e instanceof WatchEvent.Paged<?> p && p.progress().whole();
    }

    SyncProgress progress() {
        return sync;
    }

    void nodesPage(ListProgress page, int known) {
        sync = sync.withNodesPage(page, known);
    }

    void podsPage(ListProgress page, int known) {
        sync = sync.withPodsPage(page, known);
    }

    void nodesWhole(int known, int gpuNodesKnown) {
        sync = sync.withNodesWhole(known, gpuNodesKnown);
        StartupTrace.mark("nodes-listed", known);
        nodesListed.countDown();
    }

    void podsWhole(int known, int gangsKnown) {
        sync = sync.withPodsWhole(known, gangsKnown);
        StartupTrace.mark("pods-synced", known);
        podsListed.countDown();
    }

    boolean awaitNodes(long timeout, TimeUnit unit) throws InterruptedException {
        return nodesListed.await(timeout, unit);
    }

    boolean awaitNodesAndPods(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        return nodesListed.await(timeout, unit)
                && podsListed.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    }
}
