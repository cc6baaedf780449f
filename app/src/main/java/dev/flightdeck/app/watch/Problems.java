package dev.flightdeck.app.watch;

import java.util.Locale;

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
        String words = inWords(name, msg == null ? "" : msg);
        if (words != null) {
            return words;
        }
        return msg == null || msg.isBlank() ? name : name + ": " + msg;
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
