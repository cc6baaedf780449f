package dev.flightdeck.sandbox;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The drills' GPU faults that only telemetry shows (the sandbox's dcgm-exporter, {@link SandboxDcgmExporter}): no node
 * condition, no Event, no pod change. A stalled gang keeps every rank Running while its GPUs do nothing (a deadlock in
 * the training loop, a data loader waiting forever); a throttled GPU runs its SM clock far under its maximum and hot; a
 * failed row remap and a double-bit ECC error show in their DCGM counters; a silenced exporter stops answering its
 * scrapes. Hardware faults stay until the sandbox ends (nothing repairs a GPU here); a stall ends with the ranks it
 * caught, so a gang restarted from a checkpoint runs again.
 */
public final class SandboxGpuFaults {

    /** GPUs per sandbox node (NodeTemplates: 8 × H100). */
    static final int GPUS_PER_NODE = 8;

    private final ObjectStore store;
    /** The UIDs of the ranks that were running when their gang stalled, with when it did. */
    private final Map<String, java.time.Instant> stalledRanks = new ConcurrentHashMap<>();
    /** "node/gpu" keys. */
    private final Set<String> throttled = ConcurrentHashMap.newKeySet();
    private final Set<String> rowRemapFailed = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> doubleBitErrors = new ConcurrentHashMap<>();
    /** Nodes whose exporter no longer answers. */
    private final Set<String> silentExporters = ConcurrentHashMap.newKeySet();

    SandboxGpuFaults(ObjectStore store) {
        this.store = store;
    }

    /**
     * Stalls the gang's ranks running now: they stay Running, their GPUs go idle, their logs stop at their last step
     * and their trainer saves no more checkpoints. Ranks created later (a restart) run.
     *
     * @throws IllegalArgumentException when the gang has no running rank
     */
    public void stallGang(String namespace, String gang) {
        Set<String> uids = ConcurrentHashMap.newKeySet();
        try {
            for (var pod : store.list("pods", namespace, labels -> gang.equals(SandboxGangFailures.gangName(labels)))) {
                if ("Running".equals(pod.path("status").path("phase").asText())) {
                    uids.add(pod.path("metadata").path("uid").asText());
                }
            }
        } catch (StoreException e) {
            throw new IllegalArgumentException("the pods of " + namespace + "/" + gang + " could not be read: " + e.getMessage());
        }
        if (uids.isEmpty()) {
            throw new IllegalArgumentException("no running rank of gang " + namespace + "/" + gang + " to stall");
        }
        java.time.Instant now = java.time.Instant.now();
        uids.forEach(uid -> stalledRanks.putIfAbsent(uid, now));
    }

    /** GPU {@code gpu} of {@code node} throttles: its SM clock falls far under its maximum while busy, and it runs hot. */
    public void throttle(String node, int gpu) {
        throttled.add(gpuKey(node, gpu));
    }

    /** GPU {@code gpu} of {@code node} failed to remap a row: ROW_REMAP_FAILURE 1, uncorrectable remapped rows counted. */
    public void failRowRemap(String node, int gpu) {
        rowRemapFailed.add(gpuKey(node, gpu));
    }

    /** GPU {@code gpu} of {@code node} has one more double-bit (uncorrectable) volatile ECC error. */
    public void doubleBitError(String node, int gpu) {
        doubleBitErrors.merge(gpuKey(node, gpu), 1, Integer::sum);
    }

    /** The exporter on {@code node} stops answering (its scrapes time out at the API server's proxy). */
    public void silenceExporter(String node) {
        requireNode(node);
        silentExporters.add(node);
    }

    boolean stalled(String podUid) {
        return stalledRanks.containsKey(podUid);
    }

    /** When the rank's gang stalled, or null when it runs. */
    java.time.Instant stalledAt(String podUid) {
        return stalledRanks.get(podUid);
    }

    boolean throttled(String node, int gpu) {
        return throttled.contains(node + "/" + gpu);
    }

    boolean rowRemapFailed(String node, int gpu) {
        return rowRemapFailed.contains(node + "/" + gpu);
    }

    int doubleBitErrors(String node, int gpu) {
        return doubleBitErrors.getOrDefault(node + "/" + gpu, 0);
    }

    boolean silenced(String node) {
        return silentExporters.contains(node);
    }

    private String gpuKey(String node, int gpu) {
        requireNode(node);
        if (gpu < 0 || gpu >= GPUS_PER_NODE) {
            throw new IllegalArgumentException("a sandbox node has GPUs 0 to " + (GPUS_PER_NODE - 1) + ", not " + gpu);
        }
        return node + "/" + gpu;
    }

    private void requireNode(String node) {
        try {
            store.get("nodes", null, node);
        } catch (StoreException e) {
            throw new IllegalArgumentException("no node " + node + " in this sandbox");
        }
    }
}
