package dev.flightdeck.app.actions.resume;

import java.nio.file.Path;

/**
 * How a resume ended, in one line for the person.
 *
 * @param journalFile the journal file holding the saved original, or null when it could not be saved
 * @param newUid      the new workload's UID when one was created, else null
 */
public record ResumeOutcome(Result result, String ref, String summary, Path journalFile, String newUid) {

    public enum Result {
        /** Recreated from the checkpoint and every rank exists (Pending or Running). */
        RESUMED,
        /** Recreated, but not every rank appeared before the timeout. */
        RESUMED_UNVERIFIED,
        /** Stopped before deleting anything (could not save, the workload changed or vanished). */
        NOT_STARTED,
        /** The delete was asked for but the workload or its pods did not go in time; nothing was created. */
        DELETE_TIMED_OUT,
        /** Creating the new workload failed and the original was created again. */
        RESTORED,
        /** Creating the new workload failed and so did restoring the original; it is in the journal. */
        RESTORE_FAILED,
        /** Something else stopped it; the summary says what state things are in. */
        FAILED
    }

    public boolean resumed() {
        return result == Result.RESUMED || result == Result.RESUMED_UNVERIFIED;
    }
}
