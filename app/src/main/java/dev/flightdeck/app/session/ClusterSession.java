package dev.flightdeck.app.session;

import dev.flightdeck.app.checkpoints.CheckpointService;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.gangs.WorkloadKind;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.pressure.PressureScraper;
import dev.flightdeck.app.kube.ApiDiscovery;
import dev.flightdeck.app.watch.NodeProjector;
import dev.flightdeck.app.watch.PodProjector;
import dev.flightdeck.app.watch.ResourceWatcher;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Everything the console holds for one cluster context: the connection, one watcher
 * per kind (nodes, pods), and the cluster model they feed. {@link ClusterSessions} connects and
 * builds one, which watches nothing until {@link #start()}; closing it tears all of that down;
 * switching context is close-then-open.
 */
public final class ClusterSession implements AutoCloseable {

    private final ClusterConnection connection;
    private final ConnectionTarget target;
    /** The read-only YAML of what the console shows, made on first use (it reads the cluster's discovery then). */
    private volatile dev.flightdeck.app.diagnose.yaml.ObjectYaml objectYaml;
    private volatile dev.flightdeck.app.diagnose.logs.LogRequests logRequests;
    private final ClusterModel model;
    private final ResourceWatcher<NodeFacts> nodeWatcher;
    private final ResourceWatcher<PodFacts> podWatcher;
    private final ScheduledExecutorService ticker;
    private final SessionOptions options;
    /** The gang objects' kinds, watched where served (found by discovery at start and every 10 minutes). */
    private final WorkloadWatchers workloadWatchers;
    /** Guards starting gang-object watchers against {@link #close()}: none may start once it has run. */
    private final Object watchersLock = new Object();
    private volatile boolean closed;
    private volatile boolean started;
    private volatile GangKindsWatched gangKinds;
    /** Kueue's kinds, watched where served (found with the gang objects, by the same discovery). */
    private final QueueWatchers queueWatchers;
    /** Checkpoints, Events, pressure and GPU telemetry: what the session reads besides its watches; built by start(). */
    private volatile SessionServices services;

    /** What {@link ClusterSessions} builds for a connection: watches nothing and starts no thread until {@link #start()}. */
    ClusterSession(ClusterConnection connection, ConnectionTarget target, SessionOptions options) {
        this.connection = connection;
        this.target = target;
        this.options = options;
        this.model = ClusterModel.unstarted(options.preflight(), Clock.systemUTC());
        // Both first LISTs stream page by page, so the screens fill while a large cluster is still listing; the
        // nodes come first and whole from the API server's watch cache (from memory, not paged out of etcd).
        this.nodeWatcher = new ResourceWatcher<>(connection.api(), ApiResource.NODES.path().toString(), ApiResource.NODES.qualifiedName(),
                new NodeProjector(), model::onNodeEvent, options.pageSize(), options.watchIdleLimit()).streamFirstList()
                .listFirstFromWatchCache().traceFirstList();
        this.podWatcher = new ResourceWatcher<>(connection.api(), ApiResource.PODS.path().toString(), ApiResource.PODS.qualifiedName(),
                new PodProjector(), model::onPodEvent, options.pageSize(), options.watchIdleLimit()).streamFirstList()
                .traceFirstList();
        this.workloadWatchers = new WorkloadWatchers(connection.api(), model, options);
        this.queueWatchers = new QueueWatchers(connection.api(), model, options);
        // Its thread is made with the first task scheduled, in start().
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform()
                .name("model-ticker").daemon().unstarted(r));
    }

    /**
     * Starts watching, once: the node LIST first (what the first screen waits for), the pods' once the nodes are
     * listed, then checkpoints, Events, pressure and GPU telemetry, then discovery of the gang objects and queues the
     * cluster serves (asked again every 10 minutes). If it fails the session is closed and the failure thrown.
     *
     * @return this session, started
     * @throws IllegalStateException when it was started or closed already
     */
    public ClusterSession start() {
        synchronized (watchersLock) {
            if (started || closed) {
                throw new IllegalStateException(displayName() + ": the session was " + (closed ? "closed" : "started")
                        + " already");
            }
            started = true;
        }
        try {
            startWatching();
        } catch (RuntimeException | Error e) {
            close(); // nothing of a session that could not start may go on watching
            throw e;
        }
        return this;
    }

    private void startWatching() {
        synchronized (watchersLock) {
            if (closed) {
                return;
            }
            model.start();
            // The node LIST starts before the rest is built: the object store's S3 client alone takes a few hundred
            // milliseconds in a cold JVM.
            nodeWatcher.start();
        }
        startPodsAfterNodes();
        SessionServices built = SessionServices.start(connection, options, model);
        synchronized (watchersLock) {
            services = built;
            if (closed) {
                built.close(); // closed meanwhile, before there were services to close
                return;
            }
            ticker.scheduleAtFixedRate(model::tick, 60, 60, TimeUnit.SECONDS);
        }
        refreshGangObjects();
        synchronized (watchersLock) {
            if (!closed) {
                ticker.scheduleAtFixedRate(this::refreshGangObjects, 10, 10, TimeUnit.MINUTES);
            }
        }
    }

    /**
     * The pods' LIST starts once the nodes' is whole: 7,500 nodes list in a second or two, 100,000 pods in fifteen,
     * and every node's verdict needs only the node. Listed side by side, the two shared the server, the connection
     * and the model's thread, and the nodes came no sooner than the pods. A node LIST that has not ended within
     * {@link #PODS_WAIT_FOR_NODES} (a slow server, nodes one may not read) holds the pods no longer.
     */
    private void startPodsAfterNodes() {
        Thread.ofVirtual().name("pods-after-nodes").start(() -> {
            try {
                model.awaitNodesListed(PODS_WAIT_FOR_NODES.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (watchersLock) {
                if (!closed) {
                    podWatcher.start();
                }
            }
        });
    }

    static final java.time.Duration PODS_WAIT_FOR_NODES = java.time.Duration.ofSeconds(10);

    /**
     * Asks discovery which gang objects the cluster serves and starts a watcher for each
     * one not yet watched: a CRD installed later is picked up here, every 10 minutes
     * (kubectl's discovery cache lifetime) or when the person asks for a refresh.
     */
    public GangKindsWatched refreshGangObjects() {
        if (closed || !started) {
            return gangKinds; // nothing to ask a closed connection (its client throws), nothing to start before start()
        }
        Set<String> wanted = new HashSet<>();
        WorkloadKind.ALL.forEach(k -> wanted.add(k.groupVersion()));
        wanted.addAll(dev.flightdeck.app.queues.KueueKind.groupVersions());
        GangKindsWatched outcome;
        try {
            Set<String> served = new ApiDiscovery(connection.api()).servedResources(wanted);
            // Discovery took a while: the session may have been closed since. Starting a watcher
            // now would leave a thread watching a closed connection for good.
            synchronized (watchersLock) {
                if (closed) {
                    return gangKinds;
                }
                outcome = workloadWatchers.startServed(served);
                queueWatchers.startServed(served);
            }
        } catch (IOException e) {
            // Gangs still form from pod labels; only sizes and phases from gang objects are missing.
            outcome = new GangKindsWatched(List.of(), WorkloadKind.ALL, "API discovery failed (" + e.getMessage()
                    + "): gangs are read from pod labels only", java.time.Instant.now());
        }
        gangKinds = outcome;
        return outcome;
    }

    /** Whether the cluster serves Kueue (found by the last discovery): then its queues are watched. */
    public boolean kueueServed() {
        return queueWatchers.served();
    }

    /** Whether the cluster serves Volcano's Queues (found by the last discovery): then they are watched. */
    public boolean volcanoQueuesServed() {
        return queueWatchers.volcanoServed();
    }

    /** What the last discovery found (at open, every 10 minutes, or on a refresh). */
    public GangKindsWatched gangKinds() {
        return gangKinds;
    }

    public String displayName() {
        return connection.displayName();
    }

    /** What this session is connected to. */
    public ConnectionTarget target() {
        return target;
    }

    /** The client does not check the cluster's certificate, as its kubeconfig says ({@link ClusterConnection#tlsVerificationOff()}). */
    public boolean tlsVerificationOff() {
        return connection.tlsVerificationOff();
    }

    public boolean isSandbox() {
        return connection.isSandbox();
    }

    public ClusterConnection connection() {
        return connection;
    }

    /** The cluster's log requests: at most 8 in flight whoever asks (a gang's summary, a followed rank), made on first use. */
    public dev.flightdeck.app.diagnose.logs.LogRequests logRequests() {
        var r = logRequests;
        if (r == null) {
            synchronized (this) {
                if (logRequests == null) {
                    logRequests = dev.flightdeck.app.diagnose.logs.LogRequests.of(connection);
                }
                r = logRequests;
            }
        }
        return r;
    }

    /** Reads any object the console shows as read-only YAML (one per session: it keeps the cluster's discovery). */
    public dev.flightdeck.app.diagnose.yaml.ObjectYaml objectYaml() {
        var y = objectYaml;
        if (y == null) {
            synchronized (this) {
                if (objectYaml == null) {
                    objectYaml = dev.flightdeck.app.diagnose.yaml.ObjectYaml.of(connection, target);
                }
                y = objectYaml;
            }
        }
        return y;
    }

    public ClusterModel model() {
        return model;
    }

    /** The label or taint key that names a node's team, as this cluster's settings say; null when none is set. */
    public dev.flightdeck.app.settings.TeamKey teamKey() {
        return options.teamKey();
    }

    /**
     * Checkpoint age per workload, from object storage or annotations, cached per prefix.
     * Reads may take seconds when storage is slow: call it off the UI thread.
     */
    public CheckpointService checkpoints() {
        return started().checkpoints();
    }

    /** The cluster's Events: live lists for the Events screen and each node's, pod's and gang's detail. */
    public dev.flightdeck.app.diagnose.events.EventFeed events() {
        return started().events();
    }

    /** The API server's own pressure: /metrics scraped into signals, readiness, history. */
    public PressureScraper pressure() {
        return started().pressure();
    }

    /** GPU telemetry: its source, latest frame and findings (folded into the node verdicts and gangs), history. */
    public dev.flightdeck.app.telemetry.TelemetryPoller telemetry() {
        return started().telemetry();
    }

    /**
     * Reads the Prometheus {@code settings} name once (null: looks for one, as a session without settings does), GPUs
     * placed by this session's pods and nodes: the settings dialog's Test, before anything is saved. Blocking.
     */
    public dev.flightdeck.app.telemetry.prometheus.PrometheusProbe.Result tryPrometheus(
            dev.flightdeck.app.settings.PrometheusSettings settings, java.time.Duration window) {
        return SessionTelemetry.probe(connection, model, settings, window);
    }

    /** Combined health of all watchers, for the connection indicator. */
    public WatchHealth health() {
        return WatchHealth.combine(displayName(), watcherHealth());
    }

    public List<WatchHealth> watcherHealth() {
        List<WatchHealth> all = new ArrayList<>(List.of(nodeWatcher.health(), podWatcher.health()));
        all.addAll(workloadWatchers.health());
        all.addAll(queueWatchers.health());
        return all;
    }

    /** Per kind, the objects not shown because they could not be read; empty when every object was. */
    public List<dev.flightdeck.app.watch.SkippedObjects> skippedObjects() {
        List<dev.flightdeck.app.watch.SkippedObjects> all = new ArrayList<>(List.of(nodeWatcher.skipped(), podWatcher.skipped()));
        all.addAll(workloadWatchers.skipped());
        all.addAll(queueWatchers.skipped());
        all.removeIf(k -> k.count() == 0);
        return all;
    }

    /**
     * The LISTs under way, by kind, with how far each has come ("pods" 41,000 of ~100,000): the first sync, or a
     * relist after 410 Gone while the screens keep the last state. Empty when every watch is live.
     */
    public Map<String, dev.flightdeck.app.watch.ListProgress> listsUnderWay() {
        Map<String, dev.flightdeck.app.watch.ListProgress> out = new java.util.LinkedHashMap<>();
        for (ResourceWatcher<?> w : List.of(nodeWatcher, podWatcher)) {
            if (w.health().phase() == WatchPhase.SYNCING) {
                out.put(w.resource(), w.listProgress());
            }
        }
        return out;
    }

    /** LISTs made so far per watched kind ("nodes", "pods", "jobsets.jobset.x-k8s.io", …). */
    public Map<String, Integer> watcherLists() {
        Map<String, Integer> out = new java.util.TreeMap<>();
        out.put(nodeWatcher.resource(), nodeWatcher.lists());
        out.put(podWatcher.resource(), podWatcher.lists());
        workloadWatchers.all().forEach(w -> out.put(w.resource(), w.lists()));
        queueWatchers.all().forEach(w -> out.put(w.resource(), w.lists()));
        return out;
    }

    /** Waits for the first LIST of every kind (nodes, pods, served gang objects) to be folded into the model. */
    public boolean awaitSynced(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        if (!model.awaitSynced(timeout, unit)) {
            return false;
        }
        if (!workloadWatchers.awaitListed(deadline) || !queueWatchers.awaitListed(deadline)) {
            return false;
        }
        return model.awaitFolded(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** The services, which only a started session has. */
    private SessionServices started() {
        SessionServices s = services;
        if (s == null) {
            throw new IllegalStateException(displayName() + ": the session is not started (ClusterSession.start)");
        }
        return s;
    }

    /** Stops every watcher and service and closes the connection; a session never started only closes its connection. */
    @Override
    public void close() {
        SessionServices built;
        synchronized (watchersLock) {
            closed = true;
            workloadWatchers.close();
            queueWatchers.close();
            built = services;
        }
        ticker.shutdownNow();
        if (built != null) {
            built.close();
        }
        nodeWatcher.close();
        podWatcher.close();
        model.close();
        connection.close();
    }
}
