package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A Ready 8-GPU node and the ranks of one Indexed Job ("ml/train"), rank i on gpu-node-00i, for the model's tests. */
final class ModelFacts {

    private ModelFacts() {
    }

    static NodeFacts gpuNode(String name) {
        return new NodeFacts(name, "uid-" + name, "1", Instant.parse("2026-11-01T00:00:00Z"), Map.of(GpuLabels.PRESENT, "true"),
                Map.of(), false, List.of(), List.of(new NodeCondition("Ready", "True", "KubeletReady", "ready", null)), 8, 8);
    }

    /** Rank {@code i}, Running and Ready since two hours before {@code now}. */
    static PodFacts rank(int i, Instant now) {
        return new PodFacts("ml", "train-" + i + "-x", "uid-" + i, "gpu-node-00" + i, "Running", true, 0, 8, "Job", "train",
                Map.of("batch.kubernetes.io/job-name", "train", "batch.kubernetes.io/job-completion-index", "" + i), Map.of(),
                now.minusSeconds(7200), null, false, false);
    }
}
