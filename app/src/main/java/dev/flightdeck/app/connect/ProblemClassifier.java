package dev.flightdeck.app.connect;

import dev.flightdeck.app.connect.auth.CredentialsUnavailable;
import dev.flightdeck.app.watch.Problems;

import javax.net.ssl.SSLException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import java.util.concurrent.TimeoutException;

/** Turns what went wrong talking to a server into a {@link ConnectionProblem} a person can act on. */
public final class ProblemClassifier {

    private ProblemClassifier() {
    }

    /**
     * @param caSource where the kubeconfig's CA for this server comes from (a path or
     *                 "certificate-authority-data"), or null when it names none
     */
    public static ConnectionProblem classify(Throwable error, String server, String caSource) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CredentialsUnavailable) {
                return new ConnectionProblem(ProblemKind.CREDENTIALS, t.getMessage(), error);
            }
            if (t instanceof UnknownHostException) {
                return new ConnectionProblem(ProblemKind.UNREACHABLE,
                        "cannot reach " + server + ": host name does not resolve (" + t.getMessage() + ")", error);
            }
            if (t instanceof ConnectException || t instanceof NoRouteToHostException
                    || t instanceof SocketTimeoutException || t instanceof TimeoutException
                    || t.getClass().getSimpleName().contains("ConnectTimeout")
                    || (t.getMessage() != null && t.getMessage().contains("Connection refused"))) {
                return new ConnectionProblem(ProblemKind.UNREACHABLE,
                        "cannot reach " + server + ": " + Problems.describe(t)
                                + " — is the cluster up and the address right (VPN, proxy, port)?", error);
            }
            if (t instanceof SSLException || t instanceof CertificateException
                    || t.getClass().getName().startsWith("java.security.cert.")) {
                String why = TlsDiagnosis.explain(error, server, caSource);
                return new ConnectionProblem(ProblemKind.TLS, "TLS with " + server + " failed: "
                        + (why != null ? why : Problems.describe(t)), error);
            }
        }
        return new ConnectionProblem(ProblemKind.OTHER, "cannot talk to " + server + ": " + Problems.describe(error), error);
    }

    /** The server answered, but not with success. */
    public static ConnectionProblem forStatus(int code, String server, String user, String what) {
        return switch (code) {
            case 401 -> new ConnectionProblem(ProblemKind.UNAUTHORIZED, server + " rejected the credentials of user '"
                    + user + "' (HTTP 401 Unauthorized): they have expired or are wrong — refresh them"
                    + " (e.g. re-run your provider's get-credentials) and reconnect");
            case 403 -> new ConnectionProblem(ProblemKind.FORBIDDEN, "user '" + user + "' may not " + what
                    + " on " + server + " (HTTP 403 Forbidden)");
            default -> new ConnectionProblem(ProblemKind.OTHER, server + " answered HTTP " + code + " to " + what);
        };
    }
}
