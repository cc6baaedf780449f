package dev.flightdeck.app.watch;

import java.util.Locale;

/** A one-line description of an exception chain, for indicators and logs (never a stack trace). */
public final class Problems {

    private Problems() {
    }

    /** The chain's root, in words when it is a network failure met talking to an API server. */
    public static String describe(Throwable t) {
        Throwable root = root(t);
        String msg = root.getMessage();
        String words = inWords(root.getClass().getSimpleName(), msg == null ? "" : msg);
        return words != null ? words : plain(t);
    }

    /**
     * The chain's root as its type and message, without guessing which server it was: for callers
     * that talk to something other than the API server (an object store) and say so themselves.
     */
    public static String plain(Throwable t) {
        Throwable root = root(t);
        String msg = root.getMessage();
        String name = root.getClass().getSimpleName();
        return msg == null || msg.isBlank() ? name : name + ": " + msg;
    }

    private static Throwable root(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    /** What a network failure means to an operator, for the ones met when a server dies or a link breaks. */
    private static String inWords(String name, String msg) {
        String m = msg.toLowerCase(Locale.ROOT);
        if (name.equals("CredentialsUnavailable")) {
            return msg; // already one line in words, naming the plugin or file
        }
        if (name.equals("HttpClosedException") || m.contains("connection was closed")) {
            return "the API server closed the connection (" + name + ")";
        }
        if (name.equals("ConnectException") || m.contains("connection refused")) {
            return "the API server refuses connections: it is down or restarting (" + msg + ")";
        }
        if (m.contains("connection reset")) {
            return "the connection was reset mid-request (" + msg + ")";
        }
        if (name.equals("UnknownHostException")) {
            return "the API server's host name does not resolve: " + msg;
        }
        return null;
    }
}
