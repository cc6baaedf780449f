package dev.flightdeck.drills;

import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.watch.WatchEvent;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A drill's cluster as its observer's model holds it, without a sandbox: Ready 8-GPU nodes {@code gpu-node-00N} and one
 * Indexed Job gang, {@code training/llm}, with rank {@code i} on {@code gpu-node-00i}. The judging tests change a node
 * or remove a rank and read the model through a {@link DrillView}, as the drill's engine does.
 */
final class DrillCluster implements AutoCloseable {

    static final String GANG = "training/llm";

    private final ClusterModel model;
    private final Instant started;

    DrillCluster(int nodes, int ranks, Instant now) throws InterruptedException {
        this.model = new ClusterModel(PreflightConvention.DEFAULT, Clock.fixed(now, java.time.ZoneOffset.UTC));
        this.started = now.minusSeconds(7200);
        List<NodeFacts> all = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            all.add(node(name(i), false, true));
        }
        List<PodFacts> pods = new ArrayList<>();
        for (int i = 0; i < ranks; i++) {
            pods.add(rank(i));
        }
        model.onNodeEvent(new WatchEvent.Relisted<>(all));
        model.onPodEvent(new WatchEvent.Relisted<>(pods));
        fold();
    }

    static String name(int i) {
        return String.format("gpu-node-%03d", i);
    }

    static String pod(int rank) {
        return "llm-" + rank + "-x";
    }

    DrillView view() {
        return new DrillView(model, node -> true);
    }

    void cordon(int node) throws InterruptedException {
        model.onNodeEvent(new WatchEvent.Upserted<>(node(name(node), true, true)));
        fold();
    }

    void uncordon(int node) throws InterruptedException {
        model.onNodeEvent(new WatchEvent.Upserted<>(node(name(node), false, true)));
        fold();
    }

    /** The node's kubelet stops posting status (Ready=Unknown): the model calls it not ready. */
    void notReady(int node, boolean cordoned) throws InterruptedException {
        model.onNodeEvent(new WatchEvent.Upserted<>(node(name(node), cordoned, false)));
        fold();
    }

    /** The rank's pod is gone (evicted or deleted). */
    void removeRank(int rank) throws InterruptedException {
        model.onPodEvent(new WatchEvent.Deleted<>(rank(rank)));
        fold();
    }

    private NodeFacts node(String name, boolean cordoned, boolean ready) {
        NodeCondition readiness = ready ? new NodeCondition("Ready", "True", "KubeletReady", "ready", null)
                : new NodeCondition("Ready", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.", null);
        return new NodeFacts(name, "uid-" + name, "1", Instant.parse("2026-11-01T00:00:00Z"), Map.of(GpuLabels.PRESENT, "true"),
                Map.of(), cordoned, List.of(), List.of(readiness), 8, 8);
    }

    private PodFacts rank(int i) {
        return new PodFacts("training", pod(i), "uid-rank-" + i, name(i), "Running", true, 0, 8, "Job", "llm",
                Map.of("batch.kubernetes.io/job-name", "llm", "batch.kubernetes.io/job-completion-index", "" + i), Map.of(),
                started, null, false, false);
    }

    private void fold() throws InterruptedException {
        if (!model.awaitFolded(10, TimeUnit.SECONDS)) {
            throw new AssertionError("the model did not fold the change");
        }
    }

    @Override
    public void close() {
        model.close();
    }
}
