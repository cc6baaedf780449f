package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A simulated Job controller, for evictions only: a Job pod evicted through the Eviction API
 * carries {@code DisruptionTarget}, which training Jobs' pod failure policies ignore, so the
 * controller creates a replacement with the same completion index a couple of seconds later.
 * There is no scheduler in the sandbox: the replacement stays Pending with the scheduler's
 * usual reason on a full GPU fleet, as it would on a busy cluster. Pods deleted without
 * eviction are not replaced (a real Job with backoffLimit 0 would count them as failures).
 */
final class SandboxJobController {

    static final long REPLACE_AFTER_MS = 2_000;

    private final ObjectStore store;
    private final ScheduledExecutorService timer;

    SandboxJobController(ObjectStore store, ScheduledExecutorService timer) {
        this.store = store;
        this.timer = timer;
    }

    void podEvicted(ObjectNode evicted) {
        String job = jobOwner(evicted);
        String phase = evicted.path("status").path("phase").asText();
        // A pod that had already finished was counted by the Job controller then (a failed rank is
        // a failed index); removing it afterwards makes no replacement.
        if (job == null || phase.equals("Failed") || phase.equals("Succeeded")) {
            return;
        }
        timer.schedule(() -> replace(evicted, job), REPLACE_AFTER_MS, TimeUnit.MILLISECONDS);
    }

    private void replace(ObjectNode evicted, String job) {
        ObjectNode pod = evicted.deepCopy();
        ObjectNode meta = pod.with("metadata");
        String index = meta.path("labels").path("batch.kubernetes.io/job-completion-index").asText(null);
        meta.put("name", job + (index == null ? "" : "-" + index) + "-" + NameSuffix.random());
        meta.remove(java.util.List.of("uid", "resourceVersion", "creationTimestamp", "deletionTimestamp"));
        pod.with("spec").remove("nodeName");
        int nodes = store.count("nodes");
        ObjectNode status = pod.putObject("status");
        status.put("phase", "Pending");
        status.putArray("conditions").addObject().put("type", "PodScheduled").put("status", "False")
                .put("reason", "Unschedulable").put("lastTransitionTime", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
                .put("message", "0/" + nodes + " nodes are available: " + nodes
                        + " Insufficient nvidia.com/gpu. preemption: 0/" + nodes + " nodes are available: " + nodes
                        + " No preemption victims found for incoming pod.");
        try {
            store.create("pods", pod);
        } catch (StoreException e) {
            // The Job or namespace went away meanwhile: nothing to replace.
        }
    }

    private static String jobOwner(JsonNode pod) {
        for (JsonNode ref : pod.path("metadata").path("ownerReferences")) {
            if (ref.path("controller").asBoolean(false) && "Job".equals(ref.path("kind").asText())
                    && "batch/v1".equals(ref.path("apiVersion").asText())) {
                return ref.path("name").asText();
            }
        }
        return null;
    }
}
