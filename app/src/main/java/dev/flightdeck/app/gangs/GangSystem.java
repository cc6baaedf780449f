package dev.flightdeck.app.gangs;

/** The gang-scheduling systems the console recognises (conventions §3). */
public enum GangSystem {
    JOBSET("JobSet"),
    MPIJOB("MPIJob"),
    PYTORCHJOB("PyTorchJob"),
    LEADER_WORKER_SET("LeaderWorkerSet"),
    VOLCANO("Volcano"),
    INDEXED_JOB("Indexed Job"),
    POD_GROUP("PodGroup"),
    /** A job of a kind the console does not read as a gang (RayJob, TrainJob, plain pods), seen through its Kueue Workload while it is queued. */
    KUEUE("Kueue workload");

    private final String label;

    GangSystem(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
