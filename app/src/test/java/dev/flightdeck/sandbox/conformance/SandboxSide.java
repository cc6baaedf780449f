package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * The sandbox as the conformance suite sees it: a still sandbox of one seeded GPU node, reached
 * through the console's own connection. Nodes are created through its API with their status, as
 * the sandbox has no kubelet; namespaces need nothing more.
 */
final class SandboxSide implements ApiSide {

    private final SandboxCluster sandbox = SandboxCluster.startQuiet(1);
    private final ClusterConnection connection;

    SandboxSide() {
        try {
            connection = ClusterConnection.open(target(), SessionOptions.DEFAULTS);
        } catch (ConnectionProblem e) {
            sandbox.close();
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    SandboxCluster sandbox() {
        return sandbox;
    }

    @Override
    public String name() {
        return "sandbox";
    }

    @Override
    public boolean real() {
        return false;
    }

    @Override
    public KubeRest rest() {
        return new KubeRest(connection.api());
    }

    @Override
    public dev.flightdeck.app.watch.ApiEndpoint endpoint() {
        return connection.api();
    }

    @Override
    public ConnectionTarget target() {
        return TestSandboxes.target(sandbox);
    }

    @Override
    public String namespace(String prefix) throws IOException {
        String name = RealCluster.unique(prefix);
        ObjectNode ns = KubeJson.MAPPER.createObjectNode();
        ns.put("apiVersion", "v1").put("kind", "Namespace").putObject("metadata").put("name", name);
        create("/api/v1/namespaces", ns);
        return name;
    }

    @Override
    public String gpuNode(String prefix, Map<String, String> labels) throws IOException {
        String name = RealCluster.unique(prefix);
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        ObjectNode node = (ObjectNode) KubeJson.MAPPER.readTree("""
                {"apiVersion":"v1","kind":"Node","metadata":{"name":"%s","labels":{"kubernetes.io/hostname":"%s",
                 "nvidia.com/gpu.present":"true","nvidia.com/gpu.product":"NVIDIA-H100-80GB-HBM3","nvidia.com/gpu.count":"8"}},
                 "spec":{},
                 "status":{"capacity":{"cpu":"96","memory":"2Ti","pods":"110","nvidia.com/gpu":"8"},
                  "allocatable":{"cpu":"96","memory":"2Ti","pods":"110","nvidia.com/gpu":"8"},
                  "conditions":[{"type":"Ready","status":"True","reason":"KubeletReady","message":"kubelet is posting ready status",
                   "lastHeartbeatTime":"%s","lastTransitionTime":"%s"}]}}""".formatted(name, name, now, now));
        labels.forEach(((ObjectNode) node.path("metadata").path("labels"))::put);
        create("/api/v1/nodes", node);
        return name;
    }

    @Override
    public String idleNode(String prefix) throws IOException {
        return gpuNode(prefix, Map.of()); // the sandbox has no kubelet: every node is idle
    }

    @Override
    public void running(String namespace, String pod) throws IOException {
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        var a = rest().mergePatch("/api/v1/namespaces/" + namespace + "/pods/" + pod + "/status", Map.of("status", Map.of(
                "phase", "Running", "startTime", now, "conditions", java.util.List.of(
                        Map.of("type", "Ready", "status", "True", "lastTransitionTime", now),
                        Map.of("type", "ContainersReady", "status", "True", "lastTransitionTime", now),
                        Map.of("type", "PodScheduled", "status", "True", "lastTransitionTime", now)))));
        if (!a.ok()) {
            throw new IOException("sandbox: pods/status of " + pod + " answered " + a.code() + ": " + a.message());
        }
    }

    @Override
    public void forgetHistory() {
        sandbox.store().compactHistory();
    }

    @Override
    public void close() {
        connection.close();
        sandbox.close();
    }
}
