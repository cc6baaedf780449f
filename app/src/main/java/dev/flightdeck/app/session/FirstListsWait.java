package dev.flightdeck.app.session;

import dev.flightdeck.app.watch.ResourceWatcher;
import dev.flightdeck.app.watch.WatchPhase;

import java.util.Collection;

/** Waiting for a group of watchers' first LISTs, as a session's sync does for its gang objects and its queues. */
final class FirstListsWait {

    private FirstListsWait() {
    }

    /**
     * Waits until each of {@code watchers} has listed once or been refused (a kind the user may not read, 403, is passed
     * over: the session works without it); false when {@code deadlineNanos} ({@link System#nanoTime}) came first.
     */
    static boolean awaitListed(Collection<? extends ResourceWatcher<?>> watchers, long deadlineNanos)
            throws InterruptedException {
        for (ResourceWatcher<?> w : watchers) {
            while (w.health().newest() == null && w.health().phase() != WatchPhase.FAILED) {
                if (System.nanoTime() > deadlineNanos) {
                    return false;
                }
                Thread.sleep(20);
            }
        }
        return true;
    }
}
