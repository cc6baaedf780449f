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
}
