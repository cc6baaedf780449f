package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which pod holds which GPU of each node, as the kubelet's pod-resources API tells dcgm-exporter: every Running pod
 * that asked for {@code nvidia.com/gpu}, given GPUs in the order the pods were created (the sandbox has no device
 * plugin to pick them). A rank of a gang that has a failed rank is held but idle: its gang is halted, waiting on a
 * collective that never completes. Kept as one snapshot of the whole cluster, rebuilt at most four times a second and
 * only when the store changed: a full read of 7,500 exporters asks for it 7,500 times. Pods' parsed facts are kept
 * by resourceVersion, so a rebuild parses only the pods that changed.
 */
final class SandboxGpuWorkloads {

    /** A pod holding a GPU: what the exporter labels the GPU's series with, and whether its work can run. */
    record Workload(String namespace, String pod, String container, String uid, boolean halted) { }

    private record Facts(long resourceVersion, int gpus, String container, String uid, String created) { }

    private record Snapshot(long revision, long madeAtNanos, Map<String, Workload[]> byNode) { }

    private static final long REBUILD_AFTER_NANOS = 250_000_000L;

    private final ObjectStore store;
    private final Map<String, Facts> facts = new HashMap<>();
    private volatile Snapshot last;

    SandboxGpuWorkloads(ObjectStore store) {
        this.store = store;
    }

    /** The node's GPUs, by index: the pod holding each, or null for a free GPU. */
    Workload[] on(String node) {
        Workload[] held = snapshot().byNode().get(node);
        return held == null ? new Workload[SandboxGpuFaults.GPUS_PER_NODE] : held;
    }

    private Snapshot snapshot() {
        Snapshot s = last;
        long revision = store.revision();
        if (s != null && (s.revision() == revision || System.nanoTime() - s.madeAtNanos() < REBUILD_AFTER_NANOS)) {
            return s;
        }
        synchronized (this) {
            s = last;
            if (s == null || (s.revision() != revision && System.nanoTime() - s.madeAtNanos() >= REBUILD_AFTER_NANOS)) {
                s = rebuild(revision);
                last = s;
            }
            return s;
        }
    }

    private Snapshot rebuild(long revision) {
        List<StoredObject> pods = store.table("pods").list(o -> o.nodeName() != null && o.namespace() != null
                && ("Running".equals(o.phase()) || "Failed".equals(o.phase()))
                // Node daemons and Deployments' pods hold no GPU: skipped before any parsing.
                && !o.labels().containsKey("controller-revision-hash") && !o.labels().containsKey("pod-template-hash"),
                null, 0).items();
        Set<String> haltedGangs = new HashSet<>();
        for (StoredObject o : pods) {
            String gang = SandboxGangFailures.gangName(o.labels());
            if ("Failed".equals(o.phase()) && gang != null) {
                haltedGangs.add(o.namespace() + "/" + gang);
            }
        }
        Map<String, List<StoredObject>> running = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (StoredObject o : pods) {
            if (!"Running".equals(o.phase())) {
                continue;
            }
            seen.add(o.key());
            if (facts(o).gpus() > 0) {
                running.computeIfAbsent(o.nodeName(), n -> new ArrayList<>()).add(o);
            }
        }
        facts.keySet().retainAll(seen);
        Map<String, Workload[]> byNode = new HashMap<>();
        running.forEach((node, list) -> {
            list.sort(Comparator.comparing((StoredObject o) -> facts.get(o.key()).created()).thenComparing(StoredObject::name));
            Workload[] gpus = new Workload[SandboxGpuFaults.GPUS_PER_NODE];
            int next = 0;
            for (StoredObject o : list) {
                Facts f = facts.get(o.key());
                String gang = SandboxGangFailures.gangName(o.labels());
                Workload w = new Workload(o.namespace(), o.name(), f.container(), f.uid(),
                        gang != null && haltedGangs.contains(o.namespace() + "/" + gang));
                for (int i = 0; i < f.gpus() && next < gpus.length; i++) {
                    gpus[next++] = w;
                }
            }
            byNode.put(node, gpus);
        });
        return new Snapshot(revision, System.nanoTime(), byNode);
    }

    /** The pod's GPU request, first container and UID, parsed once per resourceVersion. */
    private Facts facts(StoredObject o) {
        Facts f = facts.get(o.key());
        if (f != null && f.resourceVersion() == o.resourceVersion()) {
            return f;
        }
        int gpus = 0;
        String container = "";
        String uid = "";
        String created = "";
        try {
            JsonNode pod = ObjectStore.parse(o.json());
            JsonNode first = pod.path("spec").path("containers").path(0);
            container = first.path("name").asText("");
            for (JsonNode c : pod.path("spec").path("containers")) {
                gpus += gpuCount(c.path("resources").path("limits").path("nvidia.com/gpu"));
            }
            uid = pod.path("metadata").path("uid").asText("");
            created = pod.path("metadata").path("creationTimestamp").asText("");
        } catch (StoreException unreadable) {
            // a pod the store cannot parse holds nothing the exporter could see
        }
        f = new Facts(o.resourceVersion(), gpus, container, uid, created);
        facts.put(o.key(), f);
        return f;
    }

    private static int gpuCount(JsonNode v) {
        try {
            return v.isMissingNode() ? 0 : Integer.parseInt(v.asText().trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
