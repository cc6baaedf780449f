package dev.flightdeck.app.connect;

/**
 * How the embedded sandbox is started when a person asks for it ({@code --sandbox}, or no kubeconfig
 * at all). The core does not know the sandbox: the application installs its starter once, at start
 * (the launcher; the test suites through a JUnit session listener), and the core asks it here.
 */
public final class LocalClusters {

    /** Starts a local cluster of {@code nodes} GPU nodes, owned by the caller. */
    @FunctionalInterface
    public interface Starter {
        LocalCluster start(int nodes);
    }

    private static volatile Starter starter;

    private LocalClusters() {
    }

    /** Installs how sandboxes are started in this process (the last one installed wins). */
    public static void install(Starter s) {
        starter = s;
    }

    static LocalCluster start(int nodes) throws ConnectionProblem {
        Starter s = starter;
        if (s == null) {
            throw new ConnectionProblem(ProblemKind.OTHER, "this Flightdeck has no embedded sandbox to start; "
                    + "connect to a cluster with --kubeconfig or --context");
        }
        try {
            return s.start(nodes);
        } catch (RuntimeException e) {
            throw new ConnectionProblem(ProblemKind.OTHER, "the embedded sandbox did not start: "
                    + dev.flightdeck.app.watch.Problems.describe(e), e);
        }
    }
}
