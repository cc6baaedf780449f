package dev.flightdeck.app.connect;

import java.util.function.IntFunction;

/**
 * How the embedded sandbox is started when a person asks for it ({@code --sandbox}, or no kubeconfig
 * at all). The core does not know the sandbox: the application installs its starter once, at start
 * (the launcher; the test suites through a JUnit session listener), and the core asks it here.
 */
public final class LocalClusters {

    /**
     * Starts local clusters, each owned by the caller.
     *
     * @param fleet a cluster of that many GPU nodes that keeps changing a little, as a fleet does
     * @param drill a still cluster of that many healthy GPU nodes for a drill, which seeds its gangs and
     *              throws its simulated agents' switches over the cluster's drill control surface
     *              ({@code /flightdeck-sandbox/v1}, which the drills' SandboxWorld speaks)
     */
    public record Starter(IntFunction<LocalCluster> fleet, IntFunction<LocalCluster> drill) { }

    private static volatile Starter starter;

    private LocalClusters() {
    }

    /** Installs how sandboxes are started in this process (the last one installed wins). */
    public static void install(Starter s) {
        starter = s;
    }

    static LocalCluster start(int nodes) throws ConnectionProblem {
        return start(s -> s.fleet().apply(nodes));
    }

    /** A local cluster for a drill of {@code nodes} GPU nodes (see {@link Starter}). */
    public static LocalCluster startForDrill(int nodes) throws ConnectionProblem {
        return start(s -> s.drill().apply(nodes));
    }

    private static LocalCluster start(java.util.function.Function<Starter, LocalCluster> how) throws ConnectionProblem {
        Starter s = starter;
        if (s == null) {
            throw new ConnectionProblem(ProblemKind.OTHER, "this Flightdeck has no embedded sandbox to start; "
                    + "connect to a cluster with --kubeconfig or --context");
        }
        try {
            return how.apply(s);
        } catch (RuntimeException e) {
            throw new ConnectionProblem(ProblemKind.OTHER, "the embedded sandbox did not start: "
                    + dev.flightdeck.app.watch.Problems.describe(e), e);
        }
    }
}
