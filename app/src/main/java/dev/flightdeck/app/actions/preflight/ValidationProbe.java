package dev.flightdeck.app.actions.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Reads the validation Job, its pod and the pod's log tail. Polled by the executor: one Job and one
 * pod for a few minutes cost two small GETs a second, far less than the machinery of two watches per
 * run (the session's informers do not cover the validation namespace's Jobs), and a missed change is
 * simply seen on the next look.
 */
final class ValidationProbe {

    private final KubeRest rest;
    private final String namespace;
    private final String job;

    ValidationProbe(KubeRest rest, String namespace, String job) {
        this.rest = rest;
        this.namespace = namespace;
        this.job = job;
    }

    ValidationSnapshot look() throws IOException {
        KubeRest.Answer j = rest.get("/apis/batch/v1/namespaces/" + namespace + "/jobs/" + job);
        if (j.code() == 404) {
            return new ValidationSnapshot(true, null, null, null, null, null, null, null);
        }
        if (!j.ok()) {
            throw new IOException("cannot read validation Job " + namespace + "/" + job + ": " + j.message());
        }
        String end = null;
        String endReason = null;
        for (JsonNode c : j.json().path("status").path("conditions")) {
            String type = c.path("type").asText();
            if ((type.equals("Complete") || type.equals("Failed")) && "True".equals(c.path("status").asText())) {
                end = type;
                endReason = c.path("reason").asText("");
            }
        }
        JsonNode pod = newestPod();
        if (pod == null) {
            return new ValidationSnapshot(false, end, endReason, null, null, null, null, null);
        }
        JsonNode status = pod.path("status");
        String unschedulable = null;
        for (JsonNode c : status.path("conditions")) {
            if ("PodScheduled".equals(c.path("type").asText()) && "False".equals(c.path("status").asText())) {
                unschedulable = c.path("message").asText(c.path("reason").asText("unschedulable"));
            }
        }
        String node = pod.path("spec").path("nodeName").asText("");
        return new ValidationSnapshot(false, end, endReason, pod.path("metadata").path("name").asText(),
                node.isEmpty() ? null : node, status.path("phase").asText(""), unschedulable, exit(status));
    }

    /**
     * The last {@code lines} lines of the validation container's log, or a note saying why there is
     * none, so a failure's detail always says something.
     */
    String logTail(String pod, int lines) throws IOException {
        if (pod == null) {
            return "(no validation pod was created, so there is no log)";
        }
        KubeRest.Answer a = rest.get("/api/v1/namespaces/" + namespace + "/pods/" + pod + "/log?container="
                + PreflightJobManifest.CONTAINER + "&tailLines=" + lines);
        if (a.code() == 404) {
            return "(the validation pod " + pod + " is gone, so its log is too)";
        }
        if (!a.ok()) {
            return "(no log from " + pod + ": " + a.message() + ")";
        }
        return new String(a.body() == null ? new byte[0] : a.body(), StandardCharsets.UTF_8).stripTrailing();
    }

    /** Deletes the Job and, through the garbage collector, its pod (the Job is ours; nothing else is). */
    KubeRest.Answer delete() throws IOException {
        return rest.delete("/apis/batch/v1/namespaces/" + namespace + "/jobs/" + job,
                Map.of("apiVersion", "v1", "kind", "DeleteOptions", "propagationPolicy", "Background"));
    }

    private JsonNode newestPod() throws IOException {
        KubeRest.Answer list = rest.get("/api/v1/namespaces/" + namespace + "/pods?labelSelector="
                + URLEncoder.encode("batch.kubernetes.io/job-name=" + job, StandardCharsets.UTF_8));
        if (!list.ok()) {
            throw new IOException("cannot list the validation pod of " + job + ": " + list.message());
        }
        JsonNode newest = null;
        for (JsonNode p : list.json().path("items")) {
            // RFC 3339 in UTC sorts as text.
            if (newest == null || p.path("metadata").path("creationTimestamp").asText()
                    .compareTo(newest.path("metadata").path("creationTimestamp").asText()) > 0) {
                newest = p;
            }
        }
        return newest;
    }

    private static String exit(JsonNode status) {
        for (JsonNode cs : status.path("containerStatuses")) {
            JsonNode t = cs.path("state").path("terminated");
            if (t.isObject()) {
                String msg = t.path("message").asText("");
                return "exited " + t.path("exitCode").asInt() + " (" + t.path("reason").asText("") + ")"
                        + (msg.isBlank() ? "" : ": " + msg.strip());
            }
        }
        return null;
    }
}
