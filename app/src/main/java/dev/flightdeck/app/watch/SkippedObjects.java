package dev.flightdeck.app.watch;

/**
 * Objects of one kind the console could not read and does not show.
 *
 * @param count how many were skipped since the watcher started (a LIST counts each again)
 * @param last  why the latest was skipped, in words; null when none was
 */
public record SkippedObjects(String resource, long count, String last) {

    /** "nodes: 2 objects skipped, the latest: node gpu-7: ..." */
    public String describe() {
        return resource + ": " + count + (count == 1 ? " object" : " objects") + " not shown (unreadable)"
                + (last == null ? "" : ", the latest: " + last);
    }
}
