package dev.flightdeck.app.sandbox;

import java.time.Instant;

/**
 * The embedded cluster: an in-process API server on loopback, seeded with a GPU
 * fleet and kept changing a little. What it simulates rather than implements is
 * said in {@link SandboxApiServer} and {@link SandboxChurn}.
 */
public final class SandboxCluster implements AutoCloseable {

    private final ObjectStore store;
    private final SandboxApiServer server;
    private final SandboxChurn churn;
    private final String url;
    private final SandboxControl control;

    private SandboxCluster(int nodes, boolean churning) {
        this.store = new ObjectStore();
        store.define("nodes", "Node", "v1");
        store.define("pods", "Pod", "v1");
        store.define("namespaces", "Namespace", "v1");
        try {
            new FleetSeeder(store, Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS), nodes).seed(nodes);
        } catch (StoreException e) {
            throw new IllegalStateException("sandbox seeding failed: " + e.getMessage(), e);
        }
        this.server = new SandboxApiServer(store);
        this.url = "http://127.0.0.1:" + server.start();
        this.churn = new SandboxChurn(store, nodes);
        if (churning) {
            churn.start(4);
        }
        this.control = new SandboxControl(url);
    }

    /** Starts a sandbox of {@code nodes} GPU nodes that keeps changing a little. */
    public static SandboxCluster start(int nodes) {
        return new SandboxCluster(nodes, true);
    }

    /** A sandbox that stays still: for benchmarks and tests that count requests or compare states. */
    public static SandboxCluster startQuiet(int nodes) {
        return new SandboxCluster(nodes, false);
    }

    public String url() {
        return url;
    }

    public ObjectStore store() {
        return store;
    }

    public RequestCounters requests() {
        return server.counters();
    }

    public SandboxControl control() {
        return control;
    }

    @Override
    public void close() {
        churn.close();
        control.close();
        server.close();
    }
}
