package dev.flightdeck.app.connect;

/** The kinds of connection trouble an SRE must be able to tell apart at a glance. */
public enum ProblemKind {
    KUBECONFIG_MISSING,
    KUBECONFIG_MALFORMED,
    UNKNOWN_CONTEXT,
    UNREACHABLE,
    TLS,
    /** Credentials could not be had at all (an exec plugin failed, a token file is unreadable). */
    CREDENTIALS,
    UNAUTHORIZED,
    FORBIDDEN,
    OTHER
}
