package dev.flightdeck.app.diagnose.logs;

/**
 * What kind of trouble an error line shows. The order ranks messages that share a first time in the summary:
 * causes before the generic, and the collective timeout last, because every healthy rank logs one once another
 * rank is gone (a symptom, never the cause by itself). Which kind a line is, when it fits several, is the
 * classifier's order ({@link LineClassifier}), not this one.
 */
public enum ErrorKind {
    XID("Xid"),
    CUDA_OOM("CUDA OOM"),
    OOM_KILLED("OOMKilled"),
    NCCL("NCCL"),
    CUDA("CUDA"),
    EXCEPTION("exception"),
    FATAL("fatal"),
    ERROR("error"),
    /** A container that ended with a non-zero exit code (from its status, not its log). */
    EXITED("exited"),
    COLLECTIVE_TIMEOUT("timeout");

    private final String label;

    ErrorKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** A symptom every healthy rank shows once one rank is gone; it never names the cause by itself. */
    public boolean symptomOfAnotherRank() {
        return this == COLLECTIVE_TIMEOUT;
    }
}
