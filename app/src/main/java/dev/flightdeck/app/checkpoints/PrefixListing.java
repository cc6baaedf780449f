package dev.flightdeck.app.checkpoints;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One level of a prefix, as a delimited LIST returns it: the folders right under it and the objects
 * right under it. One level is enough to find step folders and Megatron's tracker, and it stays small
 * where a flat listing would not (a DCP step holds one file per rank: 1,000 steps of 512 ranks would
 * be half a million keys).
 *
 * @param folders folder names relative to the prefix, each ending in {@code /}
 * @param objects object names relative to the prefix, with their LastModified
 */
record PrefixListing(List<String> folders, Map<String, Instant> objects) {

    PrefixListing {
        folders = List.copyOf(folders);
        objects = Map.copyOf(objects);
    }

    boolean isEmpty() {
        return folders.isEmpty() && objects.isEmpty();
    }
}
