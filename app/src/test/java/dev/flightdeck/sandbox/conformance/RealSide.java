package dev.flightdeck.sandbox.conformance;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.controlplane.RealCluster;

import java.io.IOException;
import java.util.Map;

/** The real kube-apiserver v1.32 of the lane, with its controllers and the kubelet stand-in. */
final class RealSide implements ApiSide {

    private final RealCluster real;

    RealSide(RealCluster real) {
        this.real = real;
    }

    RealCluster cluster() {
        return real;
    }

    @Override
    public String name() {
        return "kube-apiserver v1.32";
    }

    @Override
    public boolean real() {
        return true;
    }

    @Override
    public KubeRest rest() {
        return real.adminRest();
    }

    @Override
    public dev.flightdeck.app.watch.ApiEndpoint endpoint() {
        return real.adminEndpoint();
    }

    @Override
    public ConnectionTarget target() {
        return real.target();
    }

    @Override
    public String namespace(String prefix) {
        return real.namespace(prefix);
    }

    @Override
    public String gpuNode(String prefix, Map<String, String> labels) {
        String name = RealCluster.unique(prefix);
        real.kubelet().registerGpuNode(name, 8, labels);
        return name;
    }

    @Override
    public String idleNode(String prefix) throws IOException {
        String name = RealCluster.unique(prefix);
        create("/api/v1/nodes", java.util.Map.of("apiVersion", "v1", "kind", "Node", "metadata", java.util.Map.of("name", name)));
        return name;
    }

    @Override
    public void running(String namespace, String pod) {
        real.admin().pods().inNamespace(namespace).withName(pod).waitUntilCondition(p -> p != null
                && "Running".equals(p.getStatus().getPhase()) && p.getStatus().getConditions().stream()
                .anyMatch(c -> c.getType().equals("Ready") && c.getStatus().equals("True")), 30, java.util.concurrent.TimeUnit.SECONDS);
    }

    /** etcd compaction at the current revision, then an API server restart so its watch caches start from now too. */
    @Override
    public void forgetHistory() throws IOException, InterruptedException {
        real.plane().compactEtcd();
        real.plane().restartApiserver();
    }

    @Override
    public void close() {
        // the control plane belongs to the whole run
    }
}
