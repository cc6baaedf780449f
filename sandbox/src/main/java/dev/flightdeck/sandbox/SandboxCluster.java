package dev.flightdeck.sandbox;

import dev.flightdeck.sandbox.metrics.SandboxPressure;

import java.time.Instant;
import java.util.List;

/**
 * The embedded cluster: an in-process API server on loopback, seeded with a GPU
 * fleet and kept changing a little. What it simulates rather than implements is
 * said in {@link SandboxApiServer} and {@link SandboxChurn}.
 */
public final class SandboxCluster implements AutoCloseable {

    /** The request header its control surface reads the {@link #controlToken() token} from. */
    public static final String CONTROL_TOKEN_HEADER = SandboxControlGuard.HEADER;

    private final ObjectStore store;
    private final SandboxApiServer server;
    private final SandboxChurn churn;
    private final String url;
    private final SandboxControl control;
    private final SandboxS3Server objectStorage;
    private final SandboxPressure pressure;
    private final SandboxTrainers trainers;
    private final SandboxBuckets buckets;
    private final SandboxFabric fabric = new SandboxFabric();
    private final SandboxGpuFaults gpuFaults;
    private final int nodes;
    /** Drill sandboxes only: the simulated scheduler's retries and the trainers' checkpoints. */
    private java.util.concurrent.ScheduledExecutorService drillControllers;

    /** How the sandbox is filled: the standard fleet, or a gang load for the benchmark. */
    private interface Seeding {
        void seed(ObjectStore store, SandboxBuckets buckets, SandboxTrainers trainers, Instant now) throws StoreException;
    }

    private SandboxCluster(int nodes, boolean churning) {
        this(nodes, churning, (store, buckets, trainers, now) -> new ClusterSeeder(store, buckets, now, nodes).seed(nodes));
    }

    private SandboxCluster(int nodes, boolean churning, Seeding seeding) {
        this.store = new ObjectStore();
        this.gpuFaults = new SandboxGpuFaults(store);
        this.nodes = nodes;
        this.buckets = new SandboxBuckets();
        this.trainers = new SandboxTrainers(store, buckets, this::objectStorageReachable, fabric, gpuFaults);
        store.define("nodes", "Node", "v1");
        store.define("pods", "Pod", "v1");
        store.define("namespaces", "Namespace", "v1");
        store.define("events", "Event", "v1");
        store.define("batch/jobs", "Job", "batch/v1");
        store.define("apps/daemonsets", "DaemonSet", "apps/v1");
        store.define(SandboxEvictions.PDBS, "PodDisruptionBudget", "policy/v1");
        SandboxCrds crds = new SandboxCrds(store);
        try {
            // The gang CRDs are installed (served, discoverable, listed as CRDs) so the console watches them.
            crds.builtIn("jobset.x-k8s.io", "v1alpha2", "jobsets", "JobSet");
            crds.builtIn("kubeflow.org", "v2beta1", "mpijobs", "MPIJob");
            crds.builtIn("kubeflow.org", "v1", "pytorchjobs", "PyTorchJob");
            crds.builtIn("leaderworkerset.x-k8s.io", "v1", "leaderworkersets", "LeaderWorkerSet");
            crds.builtIn("batch.volcano.sh", "v1alpha1", "jobs", "Job");
            crds.builtIn("scheduling.volcano.sh", "v1beta1", "podgroups", "PodGroup");
            crds.builtIn("scheduling.x-k8s.io", "v1alpha1", "podgroups", "PodGroup");
            seeding.seed(store, buckets, trainers, Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        } catch (StoreException e) {
            throw new IllegalStateException("sandbox seeding failed: " + e.getMessage(), e);
        }
        this.pressure = SandboxPressure.simulate(store::count);
        this.server = new SandboxApiServer(store, pressure.endpoints(), crds, fabric, gpuFaults);
        this.url = "http://127.0.0.1:" + server.start();
        this.objectStorage = new SandboxS3Server(buckets);
        objectStorage.start();
        this.churn = new SandboxChurn(store, nodes);
        if (churning) {
            churn.start(4);
        }
        this.control = new SandboxControl(url, pressure);
        server.control(new SandboxControlSurface(this, null));
    }

    /** Starts a sandbox of {@code nodes} GPU nodes that keeps changing a little. */
    public static SandboxCluster start(int nodes) {
        return new SandboxCluster(nodes, true);
    }

    /** A sandbox that stays still: for benchmarks and tests that count requests or compare states. */
    public static SandboxCluster startQuiet(int nodes) {
        return new SandboxCluster(nodes, false);
    }

    /**
     * A still sandbox of {@code nodes} GPU nodes carrying only gang ranks: {@code gangs}
     * Indexed Jobs of {@code ranksPerGang} ranks (see {@link GangLoadSeeder}).
     */
    public static SandboxCluster startGangLoad(int nodes, int gangs, int ranksPerGang) {
        return startGangLoad(nodes, gangs, ranksPerGang, ranksPerGang);
    }

    /** As {@link #startGangLoad(int, int, int)}, with a first gang of {@code firstGangRanks} ranks. */
    public static SandboxCluster startGangLoad(int nodes, int gangs, int ranksPerGang, int firstGangRanks) {
        return new SandboxCluster(nodes, false, (store, buckets, trainers, now) -> {
            List<String> names = new ClusterSeeder(store, buckets, now, nodes).seed(nodes, false);
            new GangLoadSeeder(store, now).seed(names, gangs, ranksPerGang, firstGangRanks);
        });
    }

    /** A gang a drill starts with (see {@link #seedDrillGangs}). */
    public record DrillGang(String namespace, String name, int ranks, int gpusPerRank,
                            java.time.Duration checkpointEvery, Instant lastCheckpoint, long step) { }

    /**
     * A sandbox for a drill: {@code nodes} healthy GPU nodes, and its gangs once the drill
     * seeds them ({@link #seedDrillGangs}, or over its control surface, {@link SandboxControlSurface}).
     * Nothing changes by itself but what a drill needs to be played out: the simulated scheduler binds
     * Pending pods ({@link SandboxPodScheduling}) and the gangs' trainers save checkpoints while
     * they run ({@link SandboxTrainers}). Its requests are kept for the drill to read as an audit log.
     */
    public static SandboxCluster startForDrill(int nodes) {
        SandboxCluster c = new SandboxCluster(nodes, false, (store, buckets, trainers, now) ->
                new DrillSeeder(store, buckets, trainers, now).seedNodes(nodes));
        c.startDrillControllers();
        RequestAudit audit = new RequestAudit();
        c.audit(audit::add);
        c.server.control(new SandboxControlSurface(c, audit));
        return c;
    }

    /** {@link #startForDrill(int)} with {@code gangs} seeded. */
    public static SandboxCluster startForDrill(int nodes, List<DrillGang> gangs) {
        SandboxCluster c = startForDrill(nodes);
        c.seedDrillGangs(gangs);
        return c;
    }

    /**
     * A drill's gangs: Indexed Jobs whose ranks fill the nodes in order, with checkpoints in object
     * storage as given ({@link DrillSeeder}).
     */
    public synchronized void seedDrillGangs(List<DrillGang> gangs) {
        try {
            new DrillSeeder(store, buckets, trainers, Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS))
                    .seedGangs(nodes, gangs.stream().map(g -> new DrillSeeder.Gang(g.namespace(), g.name(), g.ranks(),
                            g.gpusPerRank(), g.checkpointEvery(), g.lastCheckpoint(), g.step())).toList());
        } catch (StoreException e) {
            throw new IllegalArgumentException("the drill's gangs could not be seeded: " + e.getMessage(), e);
        }
    }

    private void startDrillControllers() {
        SandboxPodScheduling scheduling = new SandboxPodScheduling(store);
        drillControllers = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform()
                .name("sandbox-drill-controllers").daemon().unstarted(r));
        drillControllers.scheduleWithFixedDelay(() -> guarded(scheduling::pass), 500, 500,
                java.util.concurrent.TimeUnit.MILLISECONDS);
        drillControllers.scheduleWithFixedDelay(() -> guarded(() -> trainers.pass(Instant.now())), 1, 1,
                java.util.concurrent.TimeUnit.SECONDS);
    }

    /** A simulated controller's bug must not end its schedule (a scheduled task that throws is never run again). */
    private static void guarded(Runnable pass) {
        try {
            pass.run();
        } catch (RuntimeException e) {
            System.getLogger(SandboxCluster.class.getName()).log(System.Logger.Level.WARNING,
                    "sandbox drill controller: " + e);
        }
    }

    /** Drill sandboxes: the hosts' InfiniBand NICs (the "a NIC flaps" fault). */
    public SandboxFabric fabric() {
        return fabric;
    }

    /**
     * The GPU faults only telemetry shows, on every sandbox: a stalled gang, a throttled GPU, a failed row remap, a
     * double-bit ECC error, an exporter that stops answering (its dcgm-exporter pods serve them: {@link SandboxDcgmExporter}).
     */
    public SandboxGpuFaults gpuFaults() {
        return gpuFaults;
    }

    /** Drill sandboxes: the gangs' trainers (their checkpoints, and the "checkpoints went stale" fault). */
    public SandboxTrainers trainers() {
        return trainers;
    }

    public String url() {
        return url;
    }

    /**
     * The token its control surface ({@link SandboxControlSurface}) asks for in the
     * {@value #CONTROL_TOKEN_HEADER} header: drawn at random when the sandbox started and known to
     * whoever started it alone. Hand it to what must throw the sandbox's switches, and never log, print
     * or write it (a request without it gets 401, and nothing is switched).
     */
    public String controlToken() {
        return server.controlToken();
    }

    /** The sandbox's S3-compatible endpoint (path-style, unauthenticated; see {@link SandboxS3Server}). */
    public java.net.URI objectStorageEndpoint() {
        return objectStorage.endpoint();
    }

    private boolean objectStorageReachable() {
        return objectStorage == null || objectStorage.isReachable();
    }

    /** A drill's fault: the object store drops every connection until made reachable again. */
    public void setObjectStorageReachable(boolean reachable) {
        objectStorage.setReachable(reachable);
    }

    public ObjectStore store() {
        return store;
    }

    /** The simulated authorization: deny a verb so the console's permission checks can be seen. */
    public SandboxRbac rbac() {
        return server.rbac();
    }

    /** Calls {@code listener} with every request the API server receives (quickly: it runs on the server's thread). */
    public void audit(java.util.function.Consumer<SeenRequest> listener) {
        server.audit(listener);
    }

    public RequestCounters requests() {
        return server.counters();
    }

    /** The simulated gang controllers, garbage collector and admission (see {@link SandboxWorkloadControllers}). */
    public SandboxWorkloadControllers workloads() {
        return server.workloads();
    }

    public SandboxControl control() {
        return control;
    }

    /** The simulated runner of Flightdeck's validation Jobs: its step times can be shortened for tests. */
    public SandboxPreflightRuns preflightRuns() {
        return server.preflights();
    }

    /** The simulated API server pressure: episodes and faults seen on /metrics and /readyz, and their clock. */
    public SandboxPressure pressure() {
        return pressure;
    }

    @Override
    public void close() {
        if (drillControllers != null) {
            drillControllers.shutdownNow();
        }
        churn.close();
        control.close();
        server.close();
        objectStorage.close();
    }
}
