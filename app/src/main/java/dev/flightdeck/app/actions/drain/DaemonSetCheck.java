package dev.flightdeck.app.actions.drain;

/**
 * What the API server said when asked for the DaemonSet that controls a pod on the node, as
 * kubectl drain asks it: the DaemonSet exists (the pod would come back, so it is skipped or, without
 * ignore-daemonsets, blocks), it is gone (an orphan: nothing recreates the pod, so it needs force),
 * or it could not be read (a 403, no answer: the drain cannot tell, so it blocks with the server's words).
 *
 * @param message the server's words when it is gone or unreadable, e.g. {@code daemonsets.apps "x" not found}
 */
public record DaemonSetCheck(State state, String message) {

    public enum State { EXISTS, GONE, UNREADABLE }

    public static final DaemonSetCheck EXISTS = new DaemonSetCheck(State.EXISTS, null);

    public static DaemonSetCheck gone(String message) {
        return new DaemonSetCheck(State.GONE, message);
    }

    public static DaemonSetCheck unreadable(String message) {
        return new DaemonSetCheck(State.UNREADABLE, message);
    }
}
