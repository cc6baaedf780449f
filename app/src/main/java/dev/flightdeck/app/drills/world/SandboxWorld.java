package dev.flightdeck.app.drills.world;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.drills.FaultKind;
import dev.flightdeck.app.drills.Scenario;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.SandboxControl;
import dev.flightdeck.sandbox.metrics.Episode;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A drill on its own sandbox, started from the scenario: healthy nodes, the gangs as Indexed Jobs
 * with checkpoints in the sandbox's object store. The hands write through the sandbox's API with an
 * ordinary client ({@link SandboxControl}), and switch the simulated agents directly.
 */
public final class SandboxWorld implements DrillWorld, DrillHands {

    private final Scenario scenario;
    private final SandboxCluster cluster;
    private final SandboxControl control;

    private SandboxWorld(Scenario scenario, SandboxCluster cluster) {
        this.scenario = scenario;
        this.cluster = cluster;
        this.control = cluster.control();
    }

    /** Starts the sandbox the scenario describes; checkpoint ages count from {@code now}. */
    public static SandboxWorld start(Scenario scenario, Instant now) {
        List<SandboxCluster.DrillGang> gangs = scenario.cluster().gangs().stream()
                .map(g -> new SandboxCluster.DrillGang(g.namespace(), g.name(), g.ranks(), g.gpusPerRank(),
                        g.checkpointEvery(), now.minus(g.lastCheckpoint()), 1_000 + 100L * g.ranks()))
                .toList();
        return new SandboxWorld(scenario, SandboxCluster.startForDrill(scenario.cluster().nodes(), gangs));
    }

    public SandboxCluster cluster() {
        return cluster;
    }

    @Override
    public Scenario scenario() {
        return scenario;
    }

    @Override
    public ConnectionTarget target() {
        // The drill owns its sandbox: a session on it leaves it running (the drill stops it at the end).
        return new ConnectionTarget.RunningSandbox(new dev.flightdeck.app.connect.LocalCluster(cluster.url(),
                new dev.flightdeck.app.connect.LocalObjectStorage(cluster.objectStorageEndpoint(),
                        dev.flightdeck.sandbox.SandboxS3Server.ACCESS_KEY, dev.flightdeck.sandbox.SandboxS3Server.SECRET_KEY),
                cluster.pressure().time().clock(), cluster, () -> { }));
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
        return this;
    }

    @Override
    public boolean isDrillNode(String node) {
        return true;
    }

    @Override
    public boolean audits() {
        return true;
    }

    @Override
    public void audit(Consumer<AuditedRequest> listener) {
        cluster.audit(r -> listener.accept(new AuditedRequest(r.at(), r.method(), r.path(), r.query(), r.userAgent(),
                r.userAgent().startsWith(SandboxControl.USER_AGENT))));
    }

    @Override
    public void pace(double pace, Instant now) {
        cluster.trainers().pace(pace, now);
    }

    @Override
    public List<String> tearDown() {
        cluster.close();
        return List.of();
    }

    @Override
    public boolean tornDownOnClose() {
        return true;
    }

    @Override
    public void setNodeCondition(String node, String type, String status, String reason, String message) {
        control.setNodeCondition(node, type, status, reason, message);
    }

    @Override
    public void failPod(String namespace, String pod, String reason, int exitCode, String message) {
        control.failPod(namespace, pod, reason, exitCode, message);
    }

    @Override
    public void withdrawGpus(String node, int count) {
        control.withdrawGpus(node, count);
    }

    @Override
    public void restoreGpus(String node) {
        control.restoreGpus(node);
    }

    @Override
    public void taint(String node, String key, String value, String effect) {
        control.taint(node, key, value, effect);
    }

    @Override
    public void createBlockingBudget(String namespace, String name, Map<String, String> selector) {
        control.createBlockingBudget(namespace, name, selector);
    }

    @Override
    public List<RankPod> runningRanksOn(String node) {
        return control.runningRanksOn(node).stream().map(r -> new RankPod(r.namespace(), r.job(), r.rank(), r.pod()))
                .toList();
    }

    @Override
    public String podOfRank(String namespace, String job, int rank) {
        return control.podOfRank(namespace, job, rank);
    }

    @Override
    public String nodeOfRank(String namespace, String job, int rank) {
        return control.nodeOfRank(namespace, job, rank);
    }

    @Override
    public void kubeletStops(String node) {
        control.setNodeCondition(node, "Ready", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.");
        control.markPodsNotReady(node);
    }

    @Override
    public void failNextPreflight(String node, String detail) {
        cluster.preflightRuns().failNextOn(node, detail);
    }

    @Override
    public void stopCheckpointing(String namespace, String gang, Instant since) {
        cluster.trainers().stopCheckpointing(namespace, gang, since);
    }

    @Override
    public Saved newestCheckpoint(String namespace, String gang) {
        var s = cluster.trainers().newestComplete(namespace, gang);
        return s == null ? null : new Saved(s.step(), s.uri(), s.at());
    }

    @Override
    public void objectStoreReachable(boolean reachable) {
        cluster.setObjectStorageReachable(reachable);
    }

    @Override
    public void apfStorm(boolean on) {
        if (on) {
            cluster.pressure().startApfStorm("workload-low", "service-accounts");
        } else {
            cluster.pressure().stop(Episode.APF_429_STORM);
        }
    }

    @Override
    public String cannotStrike(FaultKind kind) {
        return null;
    }
}
