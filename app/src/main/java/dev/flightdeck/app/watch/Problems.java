package dev.flightdeck.app.watch;

/** A one-line description of an exception chain, for indicators and logs (never a stack trace). */
public final class Problems {

    private Problems() {
    }

    public static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String msg = root.getMessage();
        String name = root.getClass().getSimpleName();
        return msg == null || msg.isBlank() ? name : name + ": " + msg;
    }
}
