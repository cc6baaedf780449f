package dev.flightdeck.app.actions.preflight;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.watch.KubeJson;

/**
 * The validation Job for one node, exactly as conventions §2 prescribes: pinned by node affinity on
 * {@code metadata.name} (not {@code spec.nodeName}, so the scheduler still checks GPU fit and a
 * degraded node leaves the pod Pending with the scheduler's reason), tolerating the gate, the cordon
 * and the GPU taint, asking for every GPU of the node, never retried. A pure function.
 */
public final class PreflightJobManifest {

    /** Labels that say "a Flightdeck preflight" on the Job and its pod, whatever the gate key is called. */
    public static final String NAME_LABEL = "app.kubernetes.io/name";
    public static final String NAME_VALUE = "flightdeck-preflight";
    public static final String MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";
    public static final String MANAGED_BY_VALUE = "flightdeck";
    public static final String CONTAINER = "validate";

    private PreflightJobManifest() {
    }

    /** The label that names the node a preflight Job validates: {@code <gate key>-node}. */
    public static String nodeLabel(PreflightSettings s) {
        return s.gate().key() + "-node";
    }

    public static ObjectNode build(String node, String jobName, int gpus, PreflightSettings s) {
        ObjectNode job = KubeJson.MAPPER.createObjectNode();
        job.put("apiVersion", "batch/v1").put("kind", "Job");
        ObjectNode meta = job.putObject("metadata");
        meta.put("name", jobName).put("namespace", s.namespace());
        labels(meta.putObject("labels"), node, s);
        ObjectNode spec = job.putObject("spec");
        // No retries: a second attempt would hide a flaky GPU behind a pass.
        spec.put("backoffLimit", 0);
        spec.put("activeDeadlineSeconds", s.activeDeadlineSeconds());
        spec.put("ttlSecondsAfterFinished", s.ttlSecondsAfterFinished());
        ObjectNode template = spec.putObject("template");
        labels(template.putObject("metadata").putObject("labels"), node, s);
        ObjectNode pod = template.putObject("spec");
        pod.put("restartPolicy", "Never");
        pinTo(pod.putObject("affinity"), node);
        ArrayNode tolerations = pod.putArray("tolerations");
        // The drill taint keeps real work off a staging cluster's virtual drill nodes; a preflight there is part of the drill.
        for (String key : new String[]{s.gate().key(), GpuLabels.UNSCHEDULABLE_TAINT, GpuLabels.GPU_RESOURCE,
                GpuLabels.DRILL}) {
            tolerations.addObject().put("key", key).put("operator", "Exists");
        }
        ObjectNode container = pod.putArray("containers").addObject();
        container.put("name", CONTAINER).put("image", s.check().image());
        if (!s.check().command().isEmpty()) {
            ArrayNode command = container.putArray("command");
            s.check().command().forEach(command::add);
        }
        // Extended resources take their request from the limit; all GPUs, so none is left untested.
        container.putObject("resources").putObject("limits").put(GpuLabels.GPU_RESOURCE, Integer.toString(gpus));
        return job;
    }

    private static void labels(ObjectNode labels, String node, PreflightSettings s) {
        labels.put(NAME_LABEL, NAME_VALUE);
        labels.put(MANAGED_BY_LABEL, MANAGED_BY_VALUE);
        labels.put(nodeLabel(s), node);
    }

    private static void pinTo(ObjectNode affinity, String node) {
        ObjectNode field = affinity.putObject("nodeAffinity").putObject("requiredDuringSchedulingIgnoredDuringExecution")
                .putArray("nodeSelectorTerms").addObject().putArray("matchFields").addObject();
        field.put("key", "metadata.name").put("operator", "In").putArray("values").add(node);
    }
}
