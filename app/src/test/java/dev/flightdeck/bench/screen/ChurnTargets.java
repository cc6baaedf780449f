package dev.flightdeck.bench.screen;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Pod;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the churn writer changes, handed from the benchmark to the writer's JVM in a file (one line per object,
 * tab-separated): the GPU nodes with their seeded Ready and NVLink states, and the running ranks with what their
 * container status says — so the writer can write whole, valid status updates without listing 100k pods first.
 */
record ChurnTargets(List<NodeTarget> nodes, List<RankTarget> ranks) {

    record NodeTarget(String name, boolean ready, boolean nvlinkDown) {
    }

    record RankTarget(String namespace, String name, String container, String image, String containerId,
                      String startedAt, int restarts) {
    }

    static final String NVLINK = "GpuNvlinkWatch";
    private static final String RANK_LABEL = "batch.kubernetes.io/job-completion-index";

    /** The nodes that carry GPUs and the ranks that run, as {@code SandboxChurnLoad} picks them in process. */
    static ChurnTargets of(GeneratedFleet fleet) {
        List<NodeTarget> nodes = new ArrayList<>();
        for (Node n : fleet.nodes()) {
            if (n.getMetadata().getLabels().containsKey("nvidia.com/gpu.product")) {
                nodes.add(new NodeTarget(n.getMetadata().getName(), "True".equals(condition(n, "Ready")),
                        "True".equals(condition(n, NVLINK))));
            }
        }
        List<RankTarget> ranks = new ArrayList<>();
        for (Pod p : fleet.pods()) {
            if (p.getMetadata().getLabels().containsKey(RANK_LABEL) && p.getStatus() != null
                    && "Running".equals(p.getStatus().getPhase()) && !p.getStatus().getContainerStatuses().isEmpty()) {
                ContainerStatus cs = p.getStatus().getContainerStatuses().getFirst();
                ranks.add(new RankTarget(p.getMetadata().getNamespace(), p.getMetadata().getName(), cs.getName(),
                        cs.getImage(), cs.getContainerID(), cs.getState().getRunning().getStartedAt(),
                        cs.getRestartCount()));
            }
        }
        return new ChurnTargets(nodes, ranks);
    }

    private static String condition(Node n, String type) {
        for (NodeCondition c : n.getStatus().getConditions()) {
            if (type.equals(c.getType())) {
                return c.getStatus();
            }
        }
        return null;
    }

    void write(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        nodes.forEach(n -> lines.add(String.join("\t", "N", n.name(), Boolean.toString(n.ready()),
                Boolean.toString(n.nvlinkDown()))));
        ranks.forEach(r -> lines.add(String.join("\t", "P", r.namespace(), r.name(), r.container(), r.image(),
                r.containerId(), r.startedAt(), Integer.toString(r.restarts()))));
        Files.write(file, lines);
    }

    static ChurnTargets read(Path file) throws IOException {
        List<NodeTarget> nodes = new ArrayList<>();
        List<RankTarget> ranks = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t");
            if (f[0].equals("N")) {
                nodes.add(new NodeTarget(f[1], Boolean.parseBoolean(f[2]), Boolean.parseBoolean(f[3])));
            } else {
                ranks.add(new RankTarget(f[1], f[2], f[3], f[4], f[5], f[6], Integer.parseInt(f[7])));
            }
        }
        return new ChurnTargets(nodes, ranks);
    }
}
