package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Seeds the sandbox with a GPU fleet: {@code n} nodes of 8 × H100 with GPU Operator
 * labels, a few system nodes, and pods in proportion (~13 per node: GPU Operator
 * DaemonSets, training ranks of Indexed Jobs, small CPU pods), plus the trouble an
 * SRE meets on a real fleet. Writes straight into the {@link ObjectStore}, not over
 * HTTP, so 7,500 nodes and 100k pods seed in seconds.
 */
public final class ClusterSeeder {

    static final String[] DAEMONSETS = {"nvidia-device-plugin-daemonset", "nvidia-dcgm-exporter",
            "gpu-feature-discovery", "nvidia-container-toolkit-daemonset", "nvidia-driver-daemonset",
            "node-exporter", "kube-proxy"};
    private static final int MIXED_SLOT = 3;
    private static final int[] JOB_SIZES = {32, 16, 8, 64, 4, 128, 2, 256, 512};
    private static final String[] JOB_NAMES = {"llm-pretrain", "rlhf-actor", "eval-sweep", "moe-pretrain",
            "vision-finetune", "long-context", "ablation", "frontier-run", "reasoning-rl"};
    /** Pods per GPU node are 13 and, on every third node, 14: 100k pods at 7,500 nodes. */
    private static final int CPU_PODS_PER_NODE = 5;

    private final ObjectStore store;
    private final Instant now;
    private final SandboxTrouble trouble;
    private final SandboxCheckpoints checkpoints;
    private final SandboxEventRecorder events;
    private int podIds;

    /** A seeder whose training jobs' checkpoints go to {@code buckets} (some) or annotations (the rest). */
    public ClusterSeeder(ObjectStore store, SandboxBuckets buckets, Instant now, int nodes) {
        this.store = store;
        this.now = now;
        this.trouble = new SandboxTrouble(nodes);
        this.checkpoints = new SandboxCheckpoints(buckets);
        this.events = new SandboxEventRecorder(store);
    }

    public static String nodeName(int i, int nodes) {
        return String.format(nodes > 1000 ? "gpu-node-%04d" : "gpu-node-%03d", i);
    }

    public void seed(int nodes) throws StoreException {
        seed(nodes, true);
    }

    /** Nodes (with their trouble); with {@code pods}, also the standard pods and training jobs. */
    List<String> seed(int nodes, boolean pods) throws StoreException {
        seedNamespaces(store);
        for (int i = 0; i < 3; i++) {
            store.create("nodes", NodeTemplates.systemNode("system-node-" + i, now));
        }
        if (pods) {
            seedDaemonSets(store, nodes, now);
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            String name = nodeName(i, nodes);
            names.add(name);
            ObjectNode node = NodeTemplates.gpuNode(name, i, now);
            trouble.apply(i, node, now);
            store.create("nodes", node);
            trouble.recordEvents(i, name, events, now);
            if (pods) {
                seedNodePods(name, i);
            }
        }
        if (pods) {
            seedJobs(names);
        }
        return names;
    }

    /** The namespaces every sandbox has. */
    static void seedNamespaces(ObjectStore store) throws StoreException {
        for (String ns : new String[]{"default", "kube-system", "gpu-operator", "monitoring", "training", "research"}) {
            store.create("namespaces", ObjectStore.parse(("{\"metadata\":{\"name\":\"" + ns
                    + "\"},\"status\":{\"phase\":\"Active\"}}").getBytes()));
        }
    }

    /** The DaemonSets the node pods belong to: a drain asks whether each still exists, as kubectl does. */
    static void seedDaemonSets(ObjectStore store, int nodes, Instant now) throws StoreException {
        for (String ds : DAEMONSETS) {
            store.create("apps/daemonsets", PodTemplates.daemonSet(daemonSetNamespace(ds), ds, nodes, now));
        }
    }

    static String daemonSetNamespace(String ds) {
        return ds.startsWith("nvidia") || ds.startsWith("gpu") ? "gpu-operator" : ds.equals("kube-proxy") ? "kube-system" : "monitoring";
    }

    private void seedNodePods(String node, int index) throws StoreException {
        Instant started = now.minusSeconds(86_400L * 7 + index);
        for (String ds : DAEMONSETS) {
            store.create("pods", PodTemplates.daemonPod(daemonSetNamespace(ds), ds, podIds++, node, 0, started));
        }
        int cpuPods = CPU_PODS_PER_NODE + (index % 3 == 2 ? 1 : 0);
        String[] apps = {"log-shipper", "metrics-agent", "feature-store-cache", "notebook-proxy", "artifact-sync", "tracing-collector"};
        for (int i = 0; i < cpuPods; i++) {
            store.create("pods", PodTemplates.deploymentPod("research", apps[i], podIds++, node, started));
        }
    }

    /**
     * Lays Indexed Jobs over consecutive nodes, one 8-GPU rank per node, until the nodes
     * run out. Ranks meant for gated nodes stay Pending behind the preflight taint; the
     * second job has a failed rank (a halted gang). The first job saves DCP checkpoints to
     * object storage (with a save in progress); every other Job object carries the checkpoint
     * annotations its trainer writes: fresh for most jobs, stale for the third.
     */
    private void seedJobs(List<String> nodes) throws StoreException {
        int next = 0;
        for (int j = 0; next < nodes.size(); j++) {
            if (j == MIXED_SLOT && nodes.size() - next >= 8) {
                // In place of the fourth Indexed Job: one small gang of every other system.
                new MixedGangs(store, checkpoints, now).seed(nodes.subList(next, next + 8), "system-node-0");
                next += 8;
                continue;
            }
            int size = Math.min(JOB_SIZES[j % JOB_SIZES.length], nodes.size() - next);
            String name = JOB_NAMES[j % JOB_NAMES.length] + (j < JOB_NAMES.length ? "" : "-" + (j / JOB_NAMES.length));
            Instant started = now.minusSeconds(3600L * (2 + j % 11));
            Instant checkpoint = j % 9 == 2 ? now.minusSeconds(9 * 3600 + 1200) : now.minusSeconds(600 + 97L * j % 1800);
            for (int r = 0; r < size; r++) {
                String node = nodes.get(next + r);
                ObjectNode pod = PodTemplates.indexedJobRank("training", name, r, trouble.isGated(node) ? null : node,
                        8, started);
                if (j % 9 == 1 && r == 5) {
                    // 25 minutes ago: its peers' NCCL watchdogs have logged their timeouts since (10 minutes on).
                    PodTemplates.failed(pod, "trainer", "Error", 1,
                            "NCCL error: unhandled system error, remote process exited or there was a network error",
                            now.minusSeconds(25 * 60));
                }
                store.create("pods", pod);
                if (trouble.isGated(node)) {
                    // The scheduler has retried it since the gate went up, four minutes ago (a series of its Event).
                    events.scheduler(SandboxEventRecorder.About.pod("training", pod.path("metadata").path("name").asText()),
                            "FailedScheduling", true, pod.path("status").path("conditions").path(0).path("message").asText(),
                            now.minusSeconds(240), 9, now.minusSeconds(20));
                }
            }
            ObjectNode job = PodTemplates.indexedJob("training", name, size, started);
            if (j == 0) {
                checkpoints.dcp(job, checkpoint, 4200, 200, java.time.Duration.ofMinutes(30), true);
                // Its owner guards it with a budget that allows no disruption: drains wait on it.
                int first = next;
                int running = (int) java.util.stream.IntStream.range(0, size)
                        .filter(r -> !trouble.isGated(nodes.get(first + r))).count();
                store.create(SandboxEvictions.PDBS, SandboxEvictions.budget("training", name,
                        java.util.Map.of("batch.kubernetes.io/job-name", name), size - 2, running));
            } else {
                PodTemplates.checkpointAnnotations(job, "s3://checkpoints/" + name + "/step-" + (1000 + j * 7) + "/",
                        checkpoint, 1000 + j * 7L);
            }
            store.create("batch/jobs", job);
            next += size;
        }
    }
}
