package dev.flightdeck.app.actions.preflight;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.Condition;
import dev.flightdeck.app.kube.JobObject;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.PodObject;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
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
        KubeRest.Answer j = rest.get(jobPath());
        if (j.code() == 404) {
            return new ValidationSnapshot(true, null, null, null, null, null, null, null);
        }
        if (!j.ok()) {
            throw new IOException("cannot read validation Job " + namespace + "/" + job + ": " + j.message());
        }
        Condition ending = j.as(JobObject.class).ending().orElse(null);
        String end = ending == null ? null : ending.type();
        String endReason = ending == null ? null : ending.reason() == null ? "" : ending.reason();
        PodObject pod = newestPod();
        if (pod == null) {
            return new ValidationSnapshot(false, end, endReason, null, null, null, null, null);
        }
        String unschedulable = null;
        for (Condition c : pod.status().conditions()) {
            if (c.is("PodScheduled") && c.isFalse()) {
                unschedulable = c.message() != null ? c.message() : c.reason() != null ? c.reason() : "unschedulable";
            }
        }
        String node = pod.spec().nodeName();
        return new ValidationSnapshot(false, end, endReason, pod.name() == null ? "" : pod.name(),
                node == null || node.isEmpty() ? null : node, pod.phase(), unschedulable, exit(pod));
    }

    /**
     * The last {@code lines} lines of the validation container's log, or a note saying why there is
     * none, so a failure's detail always says something.
     */
    String logTail(String pod, int lines) throws IOException {
        if (pod == null) {
            return "(no validation pod was created, so there is no log)";
        }
        KubeRest.Answer a = rest.get(ApiResource.PODS.path().in(namespace).named(pod).sub("log")
                .param("container", PreflightJobManifest.CONTAINER).param("tailLines", lines));
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
        return rest.delete(jobPath(),
                Map.of("apiVersion", "v1", "kind", "DeleteOptions", "propagationPolicy", "Background"));
    }

    private ApiPath jobPath() {
        return ApiResource.JOBS.path().in(namespace).named(job);
    }

    private PodObject newestPod() throws IOException {
        KubeRest.Answer list = rest.get(ApiResource.PODS.path().in(namespace)
                .param("labelSelector", "batch.kubernetes.io/job-name=" + job));
        if (!list.ok()) {
            throw new IOException("cannot list the validation pod of " + job + ": " + list.message());
        }
        PodObject newest = null;
        for (PodObject p : list.as(new TypeReference<ObjectList<PodObject>>() { }).items()) {
            if (newest == null || created(p).isAfter(created(newest))) {
                newest = p;
            }
        }
        return newest;
    }

    /** When it was made; one with no time counts as the oldest. */
    private static Instant created(PodObject p) {
        Instant t = p.metadata().creationTimestamp();
        return t == null ? Instant.MIN : t;
    }

    private static String exit(PodObject pod) {
        for (PodObject.ContainerStatus cs : pod.status().containerStatuses()) {
            PodObject.Terminated t = cs.state() == null ? null : cs.state().terminated();
            if (t != null) {
                String msg = t.message() == null ? "" : t.message();
                return "exited " + (t.exitCode() == null ? 0 : t.exitCode()) + " (" + (t.reason() == null ? "" : t.reason())
                        + ")" + (msg.isBlank() ? "" : ": " + msg.strip());
            }
        }
        return null;
    }
}
