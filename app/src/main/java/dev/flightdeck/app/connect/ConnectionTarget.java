package dev.flightdeck.app.connect;

/** What to connect to: a kubeconfig context, or the embedded sandbox cluster. */
public sealed interface ConnectionTarget {

    String displayName();

    /**
     * What the kubeconfig says before any connection: its cluster entry turns TLS verification off.
     * Once connected, {@link ClusterConnection#tlsVerificationOff()} says what the client does.
     */
    default boolean tlsVerificationOff() {
        return false;
    }

    record Context(Kubeconfig kubeconfig, String name) implements ConnectionTarget {
        @Override
        public String displayName() {
            return name;
        }

        @Override
        public boolean tlsVerificationOff() {
            return kubeconfig != null && kubeconfig.context(name).map(KubeContext::tlsVerificationOff).orElse(false);
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
