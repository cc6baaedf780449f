package dev.flightdeck.drills.world;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.LocalCluster;
import dev.flightdeck.app.connect.LocalClusters;
import dev.flightdeck.drills.AuditedRequest;
import dev.flightdeck.drills.DrillHands;
import dev.flightdeck.drills.DrillStartException;
import dev.flightdeck.drills.DrillWorld;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.app.session.SessionOptions;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A drill on a local cluster of its own, started for it: healthy nodes, the scenario's gangs as
 * Indexed Jobs with checkpoints in the cluster's object store. The drill speaks to it only over HTTP,
 * as to any cluster: its hands write through the Kubernetes API with their own client, the simulated
 * agents without an API are switched on the cluster's drill control surface, and its request audit is
 * read from there in pages.
 */
public final class SandboxWorld implements DrillWorld {

    /** How often the audit is read: the operator's steps carry the server's own times, so this only delays the tally. */
    private static final long AUDIT_EVERY_MS = 200;

    private final Scenario scenario;
    private final LocalCluster cluster;
    private final ClusterConnection connection;
    private final DrillControlSurface surface;
    private final SandboxHands hands;
    private final ScheduledExecutorService auditReader = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform()
            .name("drill-audit-reader").daemon().unstarted(r));
    private long nextAudited;

    private SandboxWorld(Scenario scenario, LocalCluster cluster, ClusterConnection connection, DrillControlSurface surface) {
        this.scenario = scenario;
        this.cluster = cluster;
        this.connection = connection;
        this.surface = surface;
        this.hands = new SandboxHands(new KubeRest(connection.api()), surface);
    }

    /**
     * Starts the local cluster the scenario describes and seeds its gangs; checkpoint ages count from
     * {@code now}. Says in words why, when it cannot.
     */
    public static SandboxWorld start(Scenario scenario, Instant now) throws DrillStartException {
        LocalCluster cluster;
        try {
            cluster = LocalClusters.startForDrill(scenario.cluster().nodes());
        } catch (ConnectionProblem e) {
            throw new DrillStartException("the drill's sandbox could not start: " + e.getMessage(), e);
        }
        try {
            DrillControlSurface surface = new DrillControlSurface(cluster, KubeApiHands.CLIENT + "/");
            surface.check();
            surface.seedGangs(scenario.cluster().gangs(), now);
            ClusterConnection hands = ClusterConnection.open(new ConnectionTarget.RunningSandbox(cluster.ownedElsewhere()),
                    SessionOptions.DEFAULTS.withUserAgent(SessionOptions.userAgent(KubeApiHands.CLIENT)));
            return new SandboxWorld(scenario, cluster, hands, surface);
        } catch (ConnectionProblem | RuntimeException e) {
            cluster.stop().run();
            throw new DrillStartException("the drill's sandbox could not be prepared: " + e.getMessage(), e);
        }
    }

    /** The local cluster the drill plays on (its starter's handle, for a test that looks inside). */
    public LocalCluster cluster() {
        return cluster;
    }

    @Override
    public Scenario scenario() {
        return scenario;
    }

    @Override
    public ConnectionTarget target() {
        // The drill owns its sandbox: a session on it leaves it running (the drill stops it at the end).
        return new ConnectionTarget.RunningSandbox(cluster.ownedElsewhere());
    }

    @Override
    public String clusterUrl() {
        return cluster.url();
    }

    @Override
    public String describe() {
        return "its own sandbox of " + scenario.cluster().nodes() + " GPU nodes";
    }

    @Override
    public DrillHands hands() {
        return hands;
    }

    @Override
    public boolean isDrillNode(String node) {
        return true;
    }

    @Override
    public boolean audits() {
        return true;
    }

    /** Reads the audit from the start, every {@value #AUDIT_EVERY_MS} ms, handing each request to {@code listener} in order. */
    @Override
    public void audit(Consumer<AuditedRequest> listener) {
        auditReader.scheduleWithFixedDelay(() -> {
            try {
                // A few pages a round at most, so a burst is caught up quickly and a flood cannot hold the reader.
                for (int pages = 0; pages < 20; pages++) {
                    DrillControlSurface.AuditPage page = surface.audit(nextAudited);
                    if (page.lost() > 0) {
                        System.getLogger(SandboxWorld.class.getName()).log(System.Logger.Level.WARNING,
                                "the drill fell behind the sandbox's audit: " + page.lost() + " requests were not counted");
                    }
                    page.requests().forEach(listener);
                    nextAudited = page.next();
                    if (page.requests().isEmpty()) {
                        break;
                    }
                }
            } catch (RuntimeException e) {
                // read again on the next round: a missed round only delays the tally
                System.getLogger(SandboxWorld.class.getName()).log(System.Logger.Level.DEBUG, "drill audit: " + e);
            }
        }, 0, AUDIT_EVERY_MS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void pace(double pace, Instant now) {
        surface.pace(pace, now);
    }

    @Override
    public List<String> tearDown() {
        auditReader.shutdownNow();
        connection.close();
        cluster.stop().run();
        return List.of();
    }

    @Override
    public boolean tornDownOnClose() {
        return true;
    }
}
