package dev.flightdeck.app.session;

import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.trace.StartupTrace;

/**
 * Makes {@link ClusterSession}s: resolves the target (a kubeconfig context, the sandbox) and connects, checking that the
 * server answers and the credentials work, then builds the session, which watches nothing until it is started. What
 * must be set before the first watch event (a listener, an interval) is set between {@link #connect} and
 * {@link ClusterSession#start()}; a caller that only reads the cluster takes {@link #openStarted}.
 */
public final class ClusterSessions {

    private ClusterSessions() {
    }

    /**
     * The session of {@code target}, connected and not started. Throws a {@link ConnectionProblem} in words when the
     * cluster cannot be read.
     */
    public static ClusterSession connect(ConnectionTarget target, SessionOptions options) throws ConnectionProblem {
        ClusterConnection connection = ClusterConnection.open(target, options);
        StartupTrace.mark("cluster-connected", 0);
        try {
            return new ClusterSession(connection, target, options);
        } catch (RuntimeException | Error e) {
            connection.close();
            throw e;
        }
    }

    /** {@link #connect}, then {@link ClusterSession#start()}: the session of {@code target}, watching. */
    public static ClusterSession openStarted(ConnectionTarget target, SessionOptions options) throws ConnectionProblem {
        return connect(target, options).start();
    }
}
