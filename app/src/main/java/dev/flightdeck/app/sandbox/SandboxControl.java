package dev.flightdeck.app.sandbox;

import dev.flightdeck.app.sandbox.metrics.SandboxPressure;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Changes made to the sandbox through its HTTP API with an ordinary fabric8 client,
 * as an agent or a teammate on a real cluster would. Tests and views use it to
 * make something happen and watch the console notice.
 */
public final class SandboxControl implements AutoCloseable {

    private final KubernetesClient client;
    private final SandboxPressure pressure;

    SandboxControl(String url, SandboxPressure pressure) {
        this.pressure = pressure;
        Config config = new ConfigBuilder(Config.empty()).withMasterUrl(url).build();
        this.client = new KubernetesClientBuilder().withConfig(config).build();
    }

    /** Sets (or adds) a node condition, as a health agent such as NVSentinel would. */
    public void setNodeCondition(String node, String type, String status, String reason, String message) {
        String now = Instant.now().toString();
        NodeCondition wanted = new NodeConditionBuilder().withType(type).withStatus(status).withReason(reason)
                .withMessage(message).withLastHeartbeatTime(now).withLastTransitionTime(now).build();
        client.nodes().withName(node).editStatus(n -> {
            List<NodeCondition> conditions = new ArrayList<>(n.getStatus().getConditions());
            conditions.removeIf(c -> c.getType().equals(type));
            conditions.add(wanted);
            n.getStatus().setConditions(conditions);
            return n;
        });
    }

    /** Marks a pod Failed with its container's exit, as the kubelet reports a crashed rank. */
    public void failPod(String namespace, String pod, String reason, int exitCode, String message) {
        client.pods().inNamespace(namespace).withName(pod).editStatus(p -> {
            p.getStatus().setPhase("Failed");
            p.getStatus().setConditions(List.of(new io.fabric8.kubernetes.api.model.PodConditionBuilder()
                    .withType("Ready").withStatus("False").withReason("PodFailed").build()));
            p.getStatus().setContainerStatuses(List.of(new io.fabric8.kubernetes.api.model.ContainerStatusBuilder()
                    .withName(p.getSpec().getContainers().getFirst().getName()).withReady(false).withRestartCount(0)
                    .withNewState().withNewTerminated().withReason(reason).withExitCode(exitCode).withMessage(message)
                    .endTerminated().endState().build()));
            return p;
        });
    }

    /** Deletes a pod outright (as a node failure or a careless kubectl would). */
    public void deletePod(String namespace, String pod) {
        client.pods().inNamespace(namespace).withName(pod).delete();
    }

    /** The simulated API server pressure: episodes to switch on and off (drills, demos). */
    public SandboxPressure pressure() {
        return pressure;
    }

    /** Deletes a node, as a cloud autoscaler or an operator would. */
    public void deleteNode(String node) {
        client.nodes().withName(node).delete();
    }

    @Override
    public void close() {
        client.close();
    }
}
