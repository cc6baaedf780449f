package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;

/**
 * The shapes the Job controller and the kubelet give a validation Job's pod and the Job's status, as
 * a real cluster shows them: the pod's name, labels and owner reference; PodScheduled, Ready and the
 * container's state; the Job's startTime, counters and its Complete/Failed conditions.
 */
final class SandboxValidationPods {

    private SandboxValidationPods() {
    }

    /** The Job controller's pod: {@code <job>-xxxxx}, the template's labels plus the Job's own, owned by the Job. */
    static ObjectNode pod(JsonNode job) {
        JsonNode meta = job.path("metadata");
        String name = meta.path("name").asText();
        String uid = meta.path("uid").asText();
        JsonNode template = job.path("spec").path("template");
        ObjectNode pod = SandboxJson.MAPPER.createObjectNode();
        ObjectNode pm = pod.putObject("metadata");
        pm.put("name", name + "-" + NameSuffix.random()).put("namespace", meta.path("namespace").asText());
        ObjectNode labels = template.path("metadata").path("labels").isObject()
                ? ((ObjectNode) template.path("metadata").path("labels")).deepCopy() : SandboxJson.MAPPER.createObjectNode();
        labels.put("batch.kubernetes.io/job-name", name).put("job-name", name)
                .put("batch.kubernetes.io/controller-uid", uid).put("controller-uid", uid);
        pm.set("labels", labels);
        pm.putArray("ownerReferences").addObject().put("apiVersion", "batch/v1").put("kind", "Job").put("name", name)
                .put("uid", uid).put("controller", true).put("blockOwnerDeletion", true);
        ObjectNode spec = template.path("spec").deepCopy();
        spec.put("schedulerName", "default-scheduler");
        pod.set("spec", spec);
        pod.putObject("status").put("phase", "Pending").put("qosClass", "BestEffort");
        return pod;
    }

    static void unschedulable(ObjectNode pod, String message, Instant now) {
        ObjectNode st = pod.putObject("status");
        st.put("phase", "Pending").put("qosClass", "BestEffort");
        st.putArray("conditions").addObject().put("type", "PodScheduled").put("status", "False")
                .put("reason", "Unschedulable").put("message", message).put("lastTransitionTime", now.toString());
    }

    static void running(ObjectNode pod, String node, Instant now) {
        pod.with("spec").put("nodeName", node);
        ObjectNode st = pod.putObject("status");
        st.put("phase", "Running").put("qosClass", "BestEffort").put("startTime", now.toString());
        ArrayNode conds = st.putArray("conditions");
        for (String t : new String[]{"PodScheduled", "Initialized", "ContainersReady", "Ready"}) {
            conds.addObject().put("type", t).put("status", "True").put("lastTransitionTime", now.toString());
        }
        ObjectNode cs = container(st, pod);
        cs.put("ready", true).put("started", true);
        cs.putObject("state").putObject("running").put("startedAt", now.toString());
    }

    /** The container ended (or was killed at the deadline, with {@code exitCode} 143). */
    static void terminated(ObjectNode pod, boolean succeeded, int exitCode, String reason, Instant now) {
        ObjectNode st = pod.with("status");
        String started = st.path("startTime").asText(now.toString());
        st.put("phase", succeeded ? "Succeeded" : "Failed");
        for (JsonNode c : st.withArray("conditions")) {
            String type = c.path("type").asText();
            if (type.equals("Ready") || type.equals("ContainersReady")) {
                ((ObjectNode) c).put("status", "False").put("reason", succeeded ? "PodCompleted" : "PodFailed")
                        .put("lastTransitionTime", now.toString());
            }
        }
        ObjectNode cs = container(st, pod);
        cs.put("ready", false).put("started", false);
        cs.putObject("state").putObject("terminated").put("exitCode", exitCode).put("reason", reason)
                .put("startedAt", started).put("finishedAt", now.toString());
    }

    static void jobStarted(ObjectNode job, Instant now) {
        ObjectNode st = job.with("status");
        st.put("startTime", now.toString()).put("active", 1).put("ready", 0);
    }

    static void jobActive(ObjectNode job, boolean ready) {
        job.with("status").put("ready", ready ? 1 : 0);
    }

    /** The Job controller's verdict: {@code Complete}, or {@code Failed} with its reason and message. */
    static void jobFinished(ObjectNode job, boolean complete, String reason, String message, Instant now) {
        ObjectNode st = job.with("status");
        st.put("active", 0).put("ready", 0).put(complete ? "succeeded" : "failed", 1);
        ArrayNode conds = st.withArray("conditions");
        String interim = complete ? "SuccessCriteriaMet" : "FailureTarget";
        for (String type : new String[]{interim, complete ? "Complete" : "Failed"}) {
            ObjectNode c = conds.addObject().put("type", type).put("status", "True")
                    .put("lastProbeTime", now.toString()).put("lastTransitionTime", now.toString());
            if (!complete) {
                c.put("reason", reason).put("message", message);
            } else {
                c.put("reason", reason);
            }
        }
        if (complete) {
            st.put("completionTime", now.toString());
        }
    }

    private static ObjectNode container(ObjectNode status, ObjectNode pod) {
        ArrayNode all = status.withArray("containerStatuses");
        JsonNode c = pod.path("spec").path("containers").path(0);
        if (all.isEmpty()) {
            all.addObject().put("name", c.path("name").asText("validate")).put("image", c.path("image").asText())
                    .put("restartCount", 0);
        }
        return (ObjectNode) all.get(0);
    }
}
