package dev.flightdeck.app.gangs;

/** What one rank is doing; the flags say which states stop the collective. */
public enum RankState {
    FAILED("failed", true),
    EVICTED("evicted", true),
    CRASHING("crashing", true),
    MISSING("missing", true),
    PENDING("pending", false),
    NOT_READY("not ready", false),
    TERMINATING("terminating", false),
    RUNNING("running", false),
    SUCCEEDED("succeeded", false);

    private final String label;
    private final boolean haltsGang;

    RankState(String label, boolean haltsGang) {
        this.label = label;
        this.haltsGang = haltsGang;
    }

    public String label() {
        return label;
    }

    /** A rank in this state stops every other rank at their next collective. */
    public boolean haltsGang() {
        return haltsGang;
    }
}
