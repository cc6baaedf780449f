package dev.flightdeck.app.connect;

/** What to connect to: a kubeconfig context, or the embedded sandbox cluster. */
public sealed interface ConnectionTarget {

    String displayName();

    record Context(Kubeconfig kubeconfig, String name) implements ConnectionTarget {
        @Override
        public String displayName() {
            return name;
        }
    }

    /** A local cluster somebody else started and owns (a drill, tests, benchmarks); closing the session leaves it running. */
    record RunningSandbox(LocalCluster cluster) implements ConnectionTarget {
        @Override
        public String displayName() {
            return "sandbox at " + cluster.url();
        }
    }

    /** The in-process sandbox API server seeded with {@code nodes} GPU nodes. */
    record Sandbox(int nodes) implements ConnectionTarget {
        public static final int DEFAULT_NODES = 64;

        @Override
        public String displayName() {
            return "sandbox (" + nodes + " nodes)";
        }
    }
}
