package dev.flightdeck.app.session;

import dev.flightdeck.app.checkpoints.CheckpointService;
import dev.flightdeck.app.checkpoints.ObjectStoreCheckpoints;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.fleet.FleetModel;
import dev.flightdeck.app.fleet.NodeFacts;
import dev.flightdeck.app.fleet.PodFacts;
import dev.flightdeck.app.watch.NodeProjector;
import dev.flightdeck.app.watch.PodProjector;
import dev.flightdeck.app.watch.ResourceWatcher;
import dev.flightdeck.app.watch.WatchHealth;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Everything the console holds for one cluster context: the connection, one watcher
 * per kind (nodes, pods), and the fleet model they feed. Closing it tears all of
 * that down; switching context is close-then-open.
 */
public final class ClusterSession implements AutoCloseable {

    private final ClusterConnection connection;
    private final FleetModel fleet;
    private final ResourceWatcher<NodeFacts> nodeWatcher;
    private final ResourceWatcher<PodFacts> podWatcher;
    private final ScheduledExecutorService ticker;
    private final ObjectStoreCheckpoints objectStore;
    private final CheckpointService checkpoints;

    private ClusterSession(ClusterConnection connection, SessionOptions options) {
        this.connection = connection;
        this.fleet = new FleetModel(options.preflight(), Clock.systemUTC());
        this.nodeWatcher = new ResourceWatcher<>(connection.api(), "/api/v1/nodes", "nodes",
                new NodeProjector(), fleet::onNodeEvent, options.pageSize());
        this.podWatcher = new ResourceWatcher<>(connection.api(), "/api/v1/pods", "pods",
                new PodProjector(), fleet::onPodEvent, options.pageSize());
        this.objectStore = new ObjectStoreCheckpoints(options.s3());
        this.checkpoints = new CheckpointService(objectStore);
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform()
                .name("fleet-ticker").daemon().unstarted(r));
        ticker.scheduleAtFixedRate(fleet::tick, 60, 60, TimeUnit.SECONDS);
        nodeWatcher.start();
        podWatcher.start();
    }

    /**
     * Connects (checking that the server answers and the credentials work) and starts
     * watching. Throws a {@link ConnectionProblem} in words when the cluster cannot be read.
     */
    public static ClusterSession open(ConnectionTarget target, SessionOptions options) throws ConnectionProblem {
        ClusterConnection connection = ClusterConnection.open(target, options);
        return new ClusterSession(connection, options);
    }

    public String displayName() {
        return connection.displayName();
    }

    public boolean isSandbox() {
        return connection.isSandbox();
    }

    public ClusterConnection connection() {
        return connection;
    }

    public FleetModel fleet() {
        return fleet;
    }

    /**
     * Checkpoint age per workload, from object storage or annotations, cached per prefix.
     * Reads may take seconds when storage is slow: call it off the UI thread.
     */
    public CheckpointService checkpoints() {
        return checkpoints;
    }

    /** Combined health of all watchers, for the connection indicator. */
    public WatchHealth health() {
        return WatchHealth.combine(displayName(), watcherHealth());
    }

    public List<WatchHealth> watcherHealth() {
        return List.of(nodeWatcher.health(), podWatcher.health());
    }

    /** Waits for the first LIST of every kind to be folded into the model. */
    public boolean awaitSynced(long timeout, TimeUnit unit) throws InterruptedException {
        return fleet.awaitSynced(timeout, unit);
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        nodeWatcher.close();
        podWatcher.close();
        fleet.close();
        objectStore.close();
        connection.close();
    }
}
