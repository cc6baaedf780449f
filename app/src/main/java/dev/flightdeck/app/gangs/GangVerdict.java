package dev.flightdeck.app.gangs;

/** Whether a gang can make progress. Worst first, so sorting puts trouble on top. */
public enum GangVerdict {
    HALTED("halted"),
    FAILED("failed"),
    /** Every rank Running, every rank's GPUs idle for the stall window: a hung collective burning GPU-hours. */
    STALLED("stalled"),
    DEGRADED("degraded"),
    STARTING("starting"),
    /** Kueue holds it in a queue: its job is suspended and has no pods until its Workload is admitted. */
    QUEUED("queued"),
    RUNNING("running"),
    FINISHED("finished");

    private final String label;

    GangVerdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * Whether restarting the gang from its checkpoint loses nothing it would still do: it stopped (halted, failed) or
     * hangs (stalled: its GPUs have done nothing since the stall began).
     */
    public boolean resumable() {
        return this == HALTED || this == FAILED || this == STALLED;
    }
}
