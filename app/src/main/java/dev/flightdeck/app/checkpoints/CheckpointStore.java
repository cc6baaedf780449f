package dev.flightdeck.app.checkpoints;

import java.time.Instant;
import java.util.Optional;

/**
 * The three reads the checkpoint finder needs from object storage, relative to one prefix. Kept
 * apart from the S3 client so that the rules (which step counts) read on their own.
 * Each method throws {@link CheckpointReadException} with a one-line message when storage fails.
 */
interface CheckpointStore {

    /** Folders and objects right under the prefix (a delimited LIST, every page). */
    PrefixListing list();

    /** LastModified of {@code relativeKey}, or empty when there is no such object (HEAD). */
    Optional<Instant> lastModified(String relativeKey);

    /** The content of a small object as UTF-8 text (GET). */
    String readText(String relativeKey);
}
