package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Simulated, for drill sandboxes only: kube-scheduler's retry of Pending pods, and the kubelet
 * that starts a bound one. Every pass (twice a second, as a scheduler's queue would retry after a
 * cluster change) each Pending pod without a node — except Flightdeck's validation pods, which
 * {@link SandboxPreflightRuns} runs — goes through {@link SandboxGpuScheduler}'s filters: a pod
 * that fits is bound to the first node that passes them and is Running at once; one that does not
 * keeps the scheduler's message. Like the real scheduler it knows taints, cordons and free GPUs,
 * not GPU health conditions: a rank resumed while a faulty node is still schedulable can land on
 * it again, which is what a drill must be able to show.
 */
final class SandboxPodScheduling {

    private static final String PREFLIGHT_LABEL = "app.kubernetes.io/name";

    private final ObjectStore store;
    private final SandboxGpuScheduler scheduler;

    SandboxPodScheduling(ObjectStore store) {
        this.store = store;
        this.scheduler = new SandboxGpuScheduler(store);
    }

    /** One pass over the Pending pods; a pod that changed meanwhile is left for the next pass. */
    void pass() {
        for (StoredObject o : store.table("pods").list(p -> "Pending".equals(p.phase()) && p.nodeName() == null
                && !"flightdeck-preflight".equals(p.labels().get(PREFLIGHT_LABEL)), null, 0).items()) {
            try {
                schedule(ObjectStore.parse(o.json()), o);
            } catch (StoreException e) {
                // Deleted or updated since the list: the next pass sees its newest version.
            }
        }
    }

    private void schedule(ObjectNode pod, StoredObject stored) throws StoreException {
        if (pod.path("metadata").has("deletionTimestamp")) {
            return;
        }
        SandboxGpuScheduler.Decision d = scheduler.decide(pod);
        ObjectNode meta = pod.with("metadata");
        meta.put("resourceVersion", Long.toString(stored.resourceVersion()));
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        if (d.bound()) {
            pod.with("spec").put("nodeName", d.node());
            PodTemplates.running(pod, pod.path("spec").path("containers").path(0).path("name").asText(), now, 0);
            store.replace("pods", stored.namespace(), stored.name(), pod);
            return;
        }
        JsonNode condition = pod.path("status").path("conditions").path(0);
        if (!d.message().equals(condition.path("message").asText())) {
            ObjectNode st = pod.with("status");
            st.putArray("conditions").addObject().put("type", "PodScheduled").put("status", "False")
                    .put("reason", "Unschedulable").put("lastTransitionTime", now.toString()).put("message", d.message());
            store.replace("pods", stored.namespace(), stored.name(), pod);
        }
    }
}
