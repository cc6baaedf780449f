package dev.flightdeck.app.watch;

/** Where a watcher (and, combined, a cluster connection) stands. */
public enum WatchPhase {
    SYNCING("syncing"),
    LIVE("live"),
    RECONNECTING("reconnecting"),
    FAILED("failed"),
    STOPPED("stopped");

    private final String label;

    WatchPhase(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
