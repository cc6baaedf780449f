package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the sandbox alive: every few seconds a healthy node goes NotReady and comes
 * back 20 s later, or a pod's container restarts. A simulation of the kubelet, not
 * real behaviour; it writes through the same store as the API, so watchers see it.
 */
final class SandboxChurn implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(SandboxChurn.class.getName());
    private final ObjectStore store;
    private final int nodes;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("sandbox-churn").daemon().unstarted(r));

    SandboxChurn(ObjectStore store, int nodes) {
        this.store = store;
        this.nodes = nodes;
    }

    void start(long periodSeconds) {
        timer.scheduleWithFixedDelay(this::step, periodSeconds, periodSeconds, TimeUnit.SECONDS);
    }

    private void step() {
        try {
            if (ThreadLocalRandom.current().nextBoolean()) {
                blinkNode();
            } else {
                restartPod();
            }
        } catch (StoreException e) {
            LOG.log(System.Logger.Level.DEBUG, "sandbox churn skipped: " + e.getMessage());
        }
    }

    private void blinkNode() throws StoreException {
        int i = ThreadLocalRandom.current().nextInt(nodes);
        if (i % 64 == SandboxTrouble.NOT_READY) {
            return;
        }
        String name = ClusterSeeder.nodeName(i, nodes);
        setReady(name, "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.");
        timer.schedule(() -> {
            try {
                setReady(name, "True", "KubeletReady", "kubelet is posting ready status");
            } catch (StoreException e) {
                LOG.log(System.Logger.Level.DEBUG, "node " + name + " vanished before it came back");
            }
        }, 20, TimeUnit.SECONDS);
    }

    private void setReady(String node, String status, String reason, String message) throws StoreException {
        ObjectNode n = store.get("nodes", null, node);
        NodeTemplates.setCondition(n, "Ready", status, reason, message, Instant.now());
        store.replace("nodes", null, node, n);
    }

    private void restartPod() throws StoreException {
        int i = ThreadLocalRandom.current().nextInt(nodes);
        String ds = ClusterSeeder.DAEMONSETS[ThreadLocalRandom.current().nextInt(2)];
        // daemon pods are numbered in seeding order: 7 DaemonSets then the node's CPU pods
        String podName = store.findPodName("gpu-operator", ds, ClusterSeeder.nodeName(i, nodes));
        if (podName == null) {
            return;
        }
        ObjectNode pod = store.get("pods", "gpu-operator", podName);
        ObjectNode cs = (ObjectNode) pod.path("status").path("containerStatuses").path(0);
        if (cs.isMissingNode()) {
            return;
        }
        PodTemplates.restarted(cs, Instant.now());
        store.replace("pods", "gpu-operator", podName, pod);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
