package dev.flightdeck.sandbox;

import dev.flightdeck.sandbox.metrics.SandboxPressure;
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
 * as an agent or a teammate on a real cluster would. The tests use it to
 * make something happen and watch the console notice.
 */
public final class SandboxControl implements AutoCloseable {

    /** How its requests name their client, so a request audit tells a test's agent apart from the console. */
    public static final String USER_AGENT = "flightdeck-sandbox-control/1";

    private final KubernetesClient client;
    private final SandboxPressure pressure;

    SandboxControl(String url, SandboxPressure pressure) {
        this.pressure = pressure;
        Config config = new ConfigBuilder(Config.empty()).withMasterUrl(url).withUserAgent(USER_AGENT).build();
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

    /**
     * The device plugin marks {@code count} GPUs Unhealthy: the kubelet keeps them in capacity
     * and drops them from allocatable.
     */
    public void withdrawGpus(String node, int count) {
        client.nodes().withName(node).editStatus(n -> {
            int capacity = Integer.parseInt(n.getStatus().getCapacity().get("nvidia.com/gpu").getAmount());
            n.getStatus().getAllocatable().put("nvidia.com/gpu",
                    new io.fabric8.kubernetes.api.model.Quantity(Integer.toString(Math.max(0, capacity - count))));
            return n;
        });
    }

    /** The device plugin is restarted after a repair: every GPU in capacity is allocatable again. */
    public void restoreGpus(String node) {
        client.nodes().withName(node).editStatus(n -> {
            n.getStatus().getAllocatable().put("nvidia.com/gpu", n.getStatus().getCapacity().get("nvidia.com/gpu"));
            return n;
        });
    }

    /** Adds (or replaces) a taint, as an operator or a repair workflow gating a node would. */
    public void taint(String node, String key, String value, String effect) {
        client.nodes().withName(node).edit(n -> {
            List<io.fabric8.kubernetes.api.model.Taint> taints = new ArrayList<>(
                    n.getSpec().getTaints() == null ? List.of() : n.getSpec().getTaints());
            taints.removeIf(t -> t.getKey().equals(key) && t.getEffect().equals(effect));
            taints.add(new io.fabric8.kubernetes.api.model.Taint(effect, key, null, value));
            n.getSpec().setTaints(taints);
            return n;
        });
    }

    /** The node lifecycle controller's MarkPodsNotReady: every pod on an unreachable node turns Ready=False. */
    public void markPodsNotReady(String node) {
        for (var p : client.pods().inAnyNamespace().withField("spec.nodeName", node).list().getItems()) {
            client.pods().inNamespace(p.getMetadata().getNamespace()).withName(p.getMetadata().getName()).editStatus(x -> {
                if (x.getStatus().getConditions() != null) {
                    x.getStatus().getConditions().stream().filter(c -> c.getType().equals("Ready"))
                            .forEach(c -> c.setStatus("False"));
                }
                if (x.getStatus().getContainerStatuses() != null) {
                    x.getStatus().getContainerStatuses().forEach(c -> c.setReady(false));
                }
                return x;
            });
        }
    }

    /** A PodDisruptionBudget that allows no disruption of the pods {@code selector} matches (a drain waits on it). */
    public void createBlockingBudget(String namespace, String name, java.util.Map<String, String> selector) {
        client.policy().v1().podDisruptionBudget().inNamespace(namespace).resource(
                new io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder()
                        .withNewMetadata().withName(name).withNamespace(namespace).endMetadata()
                        .withNewSpec().withMaxUnavailable(new io.fabric8.kubernetes.api.model.IntOrString(0))
                        .withNewSelector().withMatchLabels(selector).endSelector().endSpec().build()).create();
    }

    /** Sets one annotation on a Job (as its trainer writes checkpoint annotations). */
    public void annotateJob(String namespace, String job, String key, String value) {
        client.batch().v1().jobs().inNamespace(namespace).withName(job).edit(j -> {
            j.getMetadata().getAnnotations().put(key, value);
            return j;
        });
    }

    /** The node a rank of an Indexed Job runs on, or null when the rank has no pod or is not bound. */
    public String nodeOfRank(String namespace, String job, int rank) {
        return client.pods().inNamespace(namespace).withLabel("batch.kubernetes.io/job-name", job)
                .withLabel("batch.kubernetes.io/job-completion-index", Integer.toString(rank)).list().getItems()
                .stream().map(p -> p.getSpec().getNodeName()).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** A running rank of an Indexed Job, found on a node. */
    public record RankPod(String namespace, String job, int rank, String pod) { }

    /** The running Indexed Job ranks bound to {@code node} (one field-selected LIST, as a kubelet's view). */
    public List<RankPod> runningRanksOn(String node) {
        List<RankPod> out = new ArrayList<>();
        for (var p : client.pods().inAnyNamespace().withField("spec.nodeName", node).list().getItems()) {
            var labels = p.getMetadata().getLabels();
            String job = labels == null ? null : labels.get("batch.kubernetes.io/job-name");
            String index = labels == null ? null : labels.get("batch.kubernetes.io/job-completion-index");
            if (job != null && index != null && "Running".equals(p.getStatus().getPhase())) {
                out.add(new RankPod(p.getMetadata().getNamespace(), job, Integer.parseInt(index), p.getMetadata().getName()));
            }
        }
        return out;
    }

    /** The pod of a rank of an Indexed Job, or null. */
    public String podOfRank(String namespace, String job, int rank) {
        return client.pods().inNamespace(namespace).withLabel("batch.kubernetes.io/job-name", job)
                .withLabel("batch.kubernetes.io/job-completion-index", Integer.toString(rank)).list().getItems()
                .stream().map(p -> p.getMetadata().getName()).findFirst().orElse(null);
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
