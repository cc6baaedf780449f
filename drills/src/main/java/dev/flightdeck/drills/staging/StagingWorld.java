package dev.flightdeck.drills.staging;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.actions.Permission;
import dev.flightdeck.app.actions.Permissions;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.drills.AuditedRequest;
import dev.flightdeck.drills.DrillHands;
import dev.flightdeck.drills.DrillStartException;
import dev.flightdeck.drills.DrillWorld;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.drills.world.KubeApiHands;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.ClusterSettings;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A drill on a staging cluster whose settings say {@code "drills": true} and whose admins opted in
 * ({@link DrillOptIn}): it creates its own namespace and virtual GPU nodes there (labelled and tainted
 * {@code flightdeck.dev/drill=ID}, so no real workload lands or runs on them; their kubelet played by
 * {@link VirtualKubelet}), the scenario's gangs as Indexed Jobs that only those nodes take, and waits
 * until every rank runs. Faults touch only those objects ({@link StagingHands}). {@link #tearDown}
 * removes exactly those objects and checks they are gone. Refused, in words, on a context without the
 * setting, on a cluster without the opt-in, for a user RBAC would not let create nodes, and for faults
 * a shared cluster must not suffer (an APF storm, a storage outage).
 */
public final class StagingWorld implements DrillWorld {

    private static final Duration READY_WITHIN = Duration.ofMinutes(2);

    private final Scenario scenario;
    private final ConnectionTarget.Context target;
    private final ClusterConnection connection;
    private final StagingNames names;
    private final Set<String> nodes;
    private final VirtualKubelet kubelet;
    private final StagingTrainers trainers;
    private final StagingHands hands;
    private final ScheduledExecutorService loops;

    private StagingWorld(Scenario scenario, ConnectionTarget.Context target, ClusterConnection connection,
                         StagingNames names) {
        this.scenario = scenario;
        this.target = target;
        this.connection = connection;
        this.names = names;
        KubeRest rest = new KubeRest(connection.api());
        this.nodes = ConcurrentHashMap.newKeySet();
        this.kubelet = new VirtualKubelet(rest, names);
        this.trainers = new StagingTrainers(rest, names, kubelet::runs);
        this.hands = new StagingHands(rest, names, nodes, kubelet, trainers);
        this.loops = Executors.newScheduledThreadPool(2, r -> Thread.ofPlatform().name("drill-staging").daemon().unstarted(r));
    }

    /** What a drill needs to be allowed to do on the cluster. */
    static final List<Permission> NEEDED = List.of(Permission.of("create", "", "nodes"),
            Permission.of("delete", "", "nodes"), Permission.of("patch", "", "nodes").sub("status"),
            Permission.of("create", "", "namespaces"), Permission.of("delete", "", "namespaces"),
            Permission.of("create", "coordination.k8s.io", "leases").in("kube-node-lease"),
            Permission.of("patch", "coordination.k8s.io", "leases").in("kube-node-lease"),
            Permission.of("create", "batch", "jobs"), Permission.of("patch", "", "pods").sub("status"),
            Permission.of("delete", "", "pods"), Permission.of("create", "policy", "poddisruptionbudgets"),
            Permission.of("get", "", "configmaps").in(DrillOptIn.NAMESPACE));

    /**
     * Makes the drill's objects on the context and returns once every rank runs; {@code progress} hears
     * each step in words. Throws {@link DrillStartException} in words when the drill may not or cannot
     * run there, having removed whatever it had created.
     */
    public static StagingWorld prepare(Scenario original, ConnectionTarget.Context target, ClusterSettings settings,
                                       Clock clock, Consumer<String> progress) throws DrillStartException {
        String notHere = DrillOptIn.notAllowedLocally(target.name(), settings);
        if (notHere != null) {
            throw new DrillStartException(notHere, null, true);
        }
        StagingNames names = StagingNames.fresh(original.id());
        Scenario scenario = inNamespace(original, names.namespace());
        ClusterConnection connection;
        try {
            connection = ClusterConnection.open(target, SessionOptions.DEFAULTS.withUserAgent(
                    SessionOptions.userAgent(KubeApiHands.CLIENT)));
        } catch (ConnectionProblem e) {
            throw new DrillStartException("context " + target.name() + " cannot be read: " + e.getMessage(), e);
        }
        StagingWorld w = new StagingWorld(scenario, target, connection, names);
        try {
            for (Scenario.Fault f : scenario.faults()) {
                String why = w.hands.cannotStrike(f.kind());
                if (why != null) {
                    throw new DrillStartException("fault " + f.id() + " (" + f.kind().word() + ") " + why, null, true);
                }
            }
            String missing = new Permissions(new KubeRest(connection.api()), clock).missing(NEEDED);
            if (missing != null) {
                throw new DrillStartException("a drill on context " + target.name() + " needs to create nodes and pods, and "
                        + missing, null, true);
            }
            String notByCluster = DrillOptIn.notAllowedByCluster(new KubeRest(connection.api()), target.name());
            if (notByCluster != null) {
                throw new DrillStartException(notByCluster, null, true);
            }
            w.build(clock.instant(), progress);
            return w;
        } catch (DrillStartException e) {
            w.tearDown();
            throw e;
        } catch (IOException | RuntimeException e) {
            List<String> left = w.tearDown();
            throw new DrillStartException("the drill could not be set up on context " + target.name() + ": "
                    + e.getMessage() + (left.isEmpty() ? "; what it had created is removed" : "; could not remove "
                    + String.join("; ", left)), e);
        }
    }

    /** The scenario with every gang in the drill's namespace (the drill owns no other). */
    private static Scenario inNamespace(Scenario s, String ns) {
        List<Scenario.GangStart> gangs = s.cluster().gangs().stream().map(g -> new Scenario.GangStart(ns, g.name(),
                g.ranks(), g.gpusPerRank(), g.checkpointEvery(), g.lastCheckpoint())).toList();
        return new Scenario(s.id(), s.title(), s.level(), s.limit(), new Scenario.ClusterStart(s.cluster().nodes(), gangs),
                s.brief(), s.faults(), s.mistakes(), s.reference());
    }

    private void build(Instant now, Consumer<String> progress) throws IOException, DrillStartException {
        KubeRest rest = new KubeRest(connection.api());
        progress.accept("creating namespace " + names.namespace() + " and " + scenario.cluster().nodes()
                + " virtual GPU nodes labelled " + names.selector());
        check(rest.post("/api/v1/namespaces", StagingObjects.namespace(names)), "create namespace " + names.namespace());
        for (int i = 0; i < scenario.cluster().nodes(); i++) {
            String node = names.node(i);
            JsonNode made = check(rest.post("/api/v1/nodes", StagingObjects.node(names, node, 8)), "create node " + node);
            nodes.add(node);
            kubelet.adopt(node);
            check(rest.mergePatch("/api/v1/nodes/" + node + "/status", StagingObjects.nodeStatus(node, 8)),
                    "post the status of " + node);
            check(rest.post(DrillInventory.LEASES, StagingObjects.lease(names, node, made.path("metadata").path("uid")
                    .asText())), "create the lease of " + node);
        }
        loops.scheduleWithFixedDelay(guard(kubelet::renewLeases), 10, 10, TimeUnit.SECONDS);
        loops.scheduleWithFixedDelay(guard(() -> {
            try {
                kubelet.tendPods();
            } catch (IOException e) {
                // the next pass tries again
            }
        }), 0, 1, TimeUnit.SECONDS);
        progress.accept("waiting for the cluster's node lifecycle controller to take the nodes in");
        awaitSettled(rest);
        for (Scenario.GangStart g : scenario.cluster().gangs()) {
            long step = 1_000 + 100L * g.ranks();
            Instant saved = now.minus(g.lastCheckpoint());
            trainers.add(g.name(), g.ranks(), g.checkpointEvery(), saved, step);
            check(rest.post("/apis/batch/v1/namespaces/" + names.namespace() + "/jobs", StagingObjects.gang(names, g,
                    StagingTrainers.uri(g.name(), step), saved, step)), "create gang " + g.name());
        }
        progress.accept("waiting for the real scheduler to place every rank on the virtual nodes");
        awaitRanksRunning(rest);
        loops.scheduleWithFixedDelay(guard(() -> {
            try {
                trainers.pass(Instant.now());
            } catch (IOException e) {
                // the next pass tries again
            }
        }), 2, 2, TimeUnit.SECONDS);
    }

    private void awaitSettled(KubeRest rest) throws IOException, DrillStartException {
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            KubeRest.Answer list = rest.get("/api/v1/nodes?labelSelector=" + enc(names.selector()));
            boolean settled = list.ok();
            for (JsonNode n : list.ok() ? list.json().path("items") : List.<JsonNode>of()) {
                for (JsonNode t : n.path("spec").path("taints")) {
                    settled &= !t.path("key").asText().startsWith("node.kubernetes.io/");
                }
            }
            if (settled) {
                return;
            }
            StagingCleanup.pause();
        }
        throw new DrillStartException("the virtual nodes still carry node lifecycle's taints after "
                + READY_WITHIN.toSeconds() + " s: is kube-controller-manager running?", null);
    }

    private void awaitRanksRunning(KubeRest rest) throws IOException, DrillStartException {
        int expected = scenario.cluster().gangs().stream().mapToInt(Scenario.GangStart::ranks).sum();
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            KubeRest.Answer pods = rest.get("/api/v1/namespaces/" + names.namespace() + "/pods");
            int running = 0;
            for (JsonNode p : pods.ok() ? pods.json().path("items") : List.<JsonNode>of()) {
                if ("Running".equals(p.path("status").path("phase").asText())) {
                    running++;
                } else {
                    last = p.path("metadata").path("name").asText() + " " + p.path("status").path("phase").asText() + ": "
                            + p.path("status").path("conditions").path(0).path("message").asText("");
                }
            }
            if (running >= expected) {
                return;
            }
            StagingCleanup.pause();
        }
        throw new DrillStartException("not every rank runs after " + READY_WITHIN.toSeconds() + " s (" + last + ")", null);
    }

    private static JsonNode check(KubeRest.Answer a, String what) throws IOException {
        if (!a.ok()) {
            throw new IOException("could not " + what + ": " + a.message());
        }
        return a.json();
    }

    private static Runnable guard(Runnable r) {
        return () -> {
            try {
                r.run();
            } catch (RuntimeException e) {
                System.getLogger(StagingWorld.class.getName()).log(System.Logger.Level.WARNING, "drill loop: " + e);
            }
        };
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    public String id() {
        return names.id();
    }

    @Override
    public Scenario scenario() {
        return scenario;
    }

    @Override
    public ConnectionTarget target() {
        return target;
    }

    @Override
    public String clusterUrl() {
        return connection.api().baseUrl();
    }

    @Override
    public String describe() {
        return scenario.cluster().nodes() + " virtual GPU nodes on context " + target.name() + " (" + names.selector() + ")";
    }

    @Override
    public DrillHands hands() {
        return hands;
    }

    @Override
    public boolean isDrillNode(String node) {
        return nodes.contains(node);
    }

    @Override
    public DrillScope scope() {
        return new DrillScope(names.namespace(), names.nodePrefix());
    }

    @Override
    public boolean audits() {
        return false;
    }

    @Override
    public void audit(Consumer<AuditedRequest> listener) {
        // A real cluster's audit log is not the drill's to read: steps come from the journal and the console.
    }

    @Override
    public void pace(double pace, Instant now) {
        trainers.pace(pace, now);
    }

    @Override
    public synchronized List<String> tearDown() {
        if (loops.isShutdown()) {
            return List.of();
        }
        List<String> left = new ArrayList<>();
        KubeRest rest = new KubeRest(connection.api());
        try {
            // Exactly this run's objects, by name and UID, as drill cleanup --run deletes them.
            List<DrillObject> mine = DrillInventory.read(rest, names).objects();
            left.addAll(new StagingCleanup(rest).remove(mine, step -> { }, () -> false).left());
        } catch (IOException e) {
            left.add("drill " + names.id() + "'s objects could not be listed: " + e.getMessage()
                    + " (flightdeck drill cleanup --run " + names.id() + " removes them)");
        }
        loops.shutdownNow();
        connection.close();
        return left;
    }
}
