package dev.flightdeck.app.watch;

import java.util.List;

/** One change seen by a watcher, already projected into the console's compact record. */
public sealed interface WatchEvent<T> {

    /** An object was added or modified. */
    record Upserted<T>(T item) implements WatchEvent<T> {
    }

    /** An object was deleted. */
    record Deleted<T>(T item) implements WatchEvent<T> {
    }

    /** A full LIST replaced everything known of this kind (first sync, or relist after 410 Gone). */
    record Relisted<T>(List<T> items) implements WatchEvent<T> {
    }

    /**
     * One page of a kind's first LIST, sent as it arrives by a watcher asked to stream it (nodes and pods, so the
     * screens fill while a large cluster is still listing): nothing of the kind was known before, so its objects
     * are simply added. The page whose {@link ListProgress#whole()} is true ends the list, in place of a
     * {@link Relisted}. Relists are never streamed: the screens keep the last state until the new one is whole.
     */
    record Paged<T>(List<T> items, ListProgress progress) implements WatchEvent<T> {
    }
}
