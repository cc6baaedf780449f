package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;

/** Builds Pod objects shaped like those the real controllers create (labels, owners, status). */
final class PodTemplates {

    private PodTemplates() {
    }

    /** A pod of a DaemonSet (GPU Operator operands, node exporter, CNI...). */
    static ObjectNode daemonPod(String ns, String daemonSet, int id, String node, int gpus, Instant started) {
        ObjectNode p = base(ns, daemonSet + "-" + NameSuffix.of(id), node, started);
        owner(p, "apps/v1", "DaemonSet", daemonSet, true);
        ObjectNode l = (ObjectNode) p.path("metadata").path("labels");
        l.put("app", daemonSet);
        l.put("controller-revision-hash", "6c8d9b7f4");
        l.put("pod-template-generation", "3");
        container(p, daemonSet, "nvcr.io/nvidia/k8s/" + daemonSet + ":v0.17.0", "100m", "256Mi", gpus);
        if (daemonSet.equals(SandboxDcgmExporter.DAEMON_SET)) {
            exporterPort((ObjectNode) p.path("spec").path("containers").path(0));
        }
        running(p, daemonSet, started, 0);
        return p;
    }

    /** The DaemonSet its pods name as their controller (same UID), scheduled on every one of {@code nodes} GPU nodes. */
    static ObjectNode daemonSet(String ns, String name, int nodes, Instant created) {
        ObjectNode d = SandboxJson.MAPPER.createObjectNode();
        d.put("apiVersion", "apps/v1").put("kind", "DaemonSet");
        ObjectNode meta = d.putObject("metadata").put("name", name).put("namespace", ns).put("uid", ownerUid(name))
                .put("generation", 3).put("creationTimestamp", created.minusSeconds(86_400L * 30).toString());
        meta.putObject("labels").put("app", name);
        ObjectNode spec = d.putObject("spec");
        spec.putObject("selector").putObject("matchLabels").put("app", name);
        spec.putObject("updateStrategy").put("type", "RollingUpdate");
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app", name);
        ObjectNode container = template.putObject("spec").putArray("containers").addObject().put("name", name)
                .put("image", "nvcr.io/nvidia/k8s/" + name + ":v0.17.0");
        if (name.equals(SandboxDcgmExporter.DAEMON_SET)) {
            exporterPort(container);
        }
        d.putObject("status").put("currentNumberScheduled", nodes).put("desiredNumberScheduled", nodes)
                .put("numberReady", nodes).put("numberMisscheduled", 0).put("observedGeneration", 3);
        return d;
    }

    /** The exporter's metrics port, as the GPU Operator declares it (the pod proxy dials it when no port is named). */
    private static void exporterPort(ObjectNode container) {
        container.putArray("ports").addObject().put("name", "metrics").put("containerPort", SandboxDcgmExporter.PORT)
                .put("protocol", "TCP");
    }

    /** One rank of an Indexed Job, as the Job controller labels it (conventions §3). */
    static ObjectNode indexedJobRank(String ns, String job, int index, String node, int gpus, Instant started) {
        ObjectNode p = base(ns, job + "-" + index + "-" + Integer.toHexString(job.hashCode() & 0xfffff), node, started);
        owner(p, "batch/v1", "Job", job, true);
        ObjectNode meta = (ObjectNode) p.path("metadata");
        ObjectNode l = (ObjectNode) meta.path("labels");
        l.put("batch.kubernetes.io/job-name", job);
        l.put("job-name", job);
        l.put("batch.kubernetes.io/job-completion-index", Integer.toString(index));
        l.put("batch.kubernetes.io/controller-uid", ownerUid(job));
        l.put("scheduling.x-k8s.io/pod-group", job);
        meta.with("annotations").put("batch.kubernetes.io/job-completion-index", Integer.toString(index));
        container(p, "trainer", "nvcr.io/nvidia/pytorch:25.01-py3", "90", "1600Gi", gpus);
        ObjectNode spec = (ObjectNode) p.path("spec");
        spec.put("subdomain", job);
        spec.put("hostname", job + "-" + index);
        spec.withArray("volumes").addObject().put("name", "dshm").putObject("emptyDir").put("medium", "Memory");
        if (node == null) {
            pending(p, "0/64 nodes are available: 1 node(s) had untolerated taint {flightdeck.dev/preflight: pending}, "
                    + "63 Insufficient nvidia.com/gpu. preemption: 0/64 nodes are available: 64 No preemption victims found.");
        } else {
            running(p, "trainer", started, 0);
        }
        return p;
    }

    /**
     * A training pod of any gang system: the caller passes the labels and annotations that
     * system's controller sets (see {@link MixedGangs}) and the owner it would have.
     */
    static ObjectNode gangPod(String ns, String name, String node, int gpus, Instant started,
                              java.util.Map<String, String> labels, java.util.Map<String, String> annotations,
                              String ownerApiVersion, String ownerKind, String ownerName) {
        ObjectNode p = base(ns, name, node, started);
        owner(p, ownerApiVersion, ownerKind, ownerName, true);
        ObjectNode l = (ObjectNode) p.path("metadata").path("labels");
        labels.forEach(l::put);
        ObjectNode a = p.with("metadata").with("annotations");
        annotations.forEach(a::put);
        container(p, "trainer", "nvcr.io/nvidia/pytorch:25.01-py3", gpus > 0 ? "40" : "2", gpus > 0 ? "800Gi" : "8Gi", gpus);
        running(p, "trainer", started, 0);
        return p;
    }

    /** The Indexed Job object itself, as {@code kubectl get job -o json} shows it. */
    static ObjectNode indexedJob(String ns, String job, int ranks, Instant created) {
        return indexedJob(ns, job, ranks, 8, created);
    }

    /** As {@link #indexedJob(String, String, int, Instant)}, each rank asking for {@code gpusPerRank} GPUs. */
    static ObjectNode indexedJob(String ns, String job, int ranks, int gpusPerRank, Instant created) {
        ObjectNode j = SandboxJson.MAPPER.createObjectNode();
        ObjectNode meta = j.putObject("metadata");
        meta.put("name", job).put("namespace", ns).put("creationTimestamp", created.toString());
        meta.putObject("labels").put("scheduling.x-k8s.io/pod-group", job);
        ObjectNode spec = j.putObject("spec");
        spec.put("completionMode", "Indexed").put("parallelism", ranks).put("completions", ranks)
                .put("backoffLimit", 0).put("podReplacementPolicy", "Failed");
        WorkloadTemplates.indexedJob(j, gpusPerRank);
        ObjectNode st = j.putObject("status");
        st.put("active", ranks).put("startTime", created.toString());
        return j;
    }

    /** A small CPU pod of a Deployment (monitoring, log shipping). */
    static ObjectNode deploymentPod(String ns, String app, int i, String node, Instant started) {
        ObjectNode p = base(ns, app + "-7d9f8c6b5-" + NameSuffix.of(i), node, started);
        owner(p, "apps/v1", "ReplicaSet", app + "-7d9f8c6b5", true);
        ((ObjectNode) p.path("metadata").path("labels")).put("app", app).put("pod-template-hash", "7d9f8c6b5");
        container(p, app, "registry.k8s.io/" + app + ":v1.4.2", "250m", "512Mi", 0);
        running(p, app, started, 0);
        return p;
    }

    private static ObjectNode base(String ns, String name, String node, Instant created) {
        ObjectNode p = SandboxJson.MAPPER.createObjectNode();
        ObjectNode meta = p.putObject("metadata");
        meta.put("name", name);
        meta.put("namespace", ns);
        meta.put("creationTimestamp", created.toString());
        meta.putObject("labels");
        ObjectNode spec = p.putObject("spec");
        if (node != null) {
            spec.put("nodeName", node);
        }
        spec.put("restartPolicy", "Always");
        spec.put("terminationGracePeriodSeconds", 30);
        spec.put("serviceAccountName", "default");
        spec.put("schedulerName", "default-scheduler");
        ArrayNode tol = spec.putArray("tolerations");
        tol.addObject().put("key", "nvidia.com/gpu").put("operator", "Exists").put("effect", "NoSchedule");
        tol.addObject().put("key", "node.kubernetes.io/not-ready").put("operator", "Exists")
                .put("effect", "NoExecute").put("tolerationSeconds", 300);
        return p;
    }

    private static void owner(ObjectNode p, String apiVersion, String kind, String name, boolean controller) {
        ((ObjectNode) p.path("metadata")).putArray("ownerReferences").addObject()
                .put("apiVersion", apiVersion).put("kind", kind).put("name", name)
                .put("uid", ownerUid(name))
                .put("controller", controller).put("blockOwnerDeletion", true);
    }

    /** The UID a seeded pod's owner reference names for owner {@code name} (and the seeded Job's own UID). */
    static String ownerUid(String name) {
        return "0a1b2c3d-" + Integer.toHexString(name.hashCode() & 0xffff) + "-4e5f-8a9b-000000000000";
    }

    private static void container(ObjectNode p, String name, String image, String cpu, String mem, int gpus) {
        ObjectNode c = ((ObjectNode) p.path("spec")).putArray("containers").addObject();
        c.put("name", name);
        c.put("image", image);
        c.put("imagePullPolicy", "IfNotPresent");
        ObjectNode res = c.putObject("resources");
        ObjectNode req = res.putObject("requests").put("cpu", cpu).put("memory", mem);
        ObjectNode lim = res.putObject("limits").put("memory", mem);
        if (gpus > 0) {
            req.put("nvidia.com/gpu", Integer.toString(gpus));
            lim.put("nvidia.com/gpu", Integer.toString(gpus));
        }
        c.putArray("env").addObject().put("name", "NODE_NAME").putObject("valueFrom").putObject("fieldRef")
                .put("fieldPath", "spec.nodeName");
        c.put("terminationMessagePath", "/dev/termination-log");
    }

    static void running(ObjectNode p, String container, Instant started, int restarts) {
        ObjectNode st = p.putObject("status");
        st.put("phase", "Running");
        st.put("hostIP", "10.0." + (Math.abs(p.path("spec").path("nodeName").asText().hashCode()) % 250) + ".4");
        st.put("podIP", "10.244." + (Math.abs(p.path("metadata").path("name").asText().hashCode()) % 250) + ".17");
        st.put("startTime", started.toString());
        st.put("qosClass", "Burstable");
        ArrayNode conds = st.putArray("conditions");
        for (String t : new String[]{"PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"}) {
            conds.addObject().put("type", t).put("status", "True").put("lastTransitionTime", started.toString());
        }
        ObjectNode cs = st.putArray("containerStatuses").addObject();
        cs.put("name", container).put("ready", true).put("restartCount", restarts).put("started", true);
        cs.put("image", p.path("spec").path("containers").path(0).path("image").asText());
        cs.put("containerID", "containerd://" + Integer.toHexString(p.path("metadata").path("name").asText().hashCode()));
        cs.putObject("state").putObject("running").put("startedAt", started.toString());
    }

    /** The kubelet's record of a container that crashed and was restarted: one more restart, the last exit an error. */
    static void restarted(ObjectNode containerStatus, Instant at) {
        containerStatus.put("restartCount", containerStatus.path("restartCount").asInt() + 1);
        containerStatus.putObject("lastState").putObject("terminated").put("reason", "Error").put("exitCode", 1)
                .put("finishedAt", at.toString());
    }

    /** The annotations a training job writes on its pod template after each checkpoint (conventions §4). */
    static void checkpointAnnotations(ObjectNode p, String uri, Instant at, long step) {
        ObjectNode ann = p.with("metadata").with("annotations");
        ann.put("flightdeck.dev/checkpoint-uri", uri);
        ann.put("flightdeck.dev/checkpoint-time", at.toString());
        ann.put("flightdeck.dev/checkpoint-step", Long.toString(step));
    }

    /** A rank whose container exited with an error just now: the pod is Failed (restartPolicy Never for training). */
    static void failed(ObjectNode p, String container, String reason, int exitCode, String message) {
        failed(p, container, reason, exitCode, message, Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }

    /**
     * As {@link #failed(ObjectNode, String, String, int, String)}, its container having ended at {@code finishedAt}
     * (the kubelet's termination time: the first-failure summary orders ranks by it).
     */
    static void failed(ObjectNode p, String container, String reason, int exitCode, String message, Instant finishedAt) {
        String startedAt = p.path("status").path("startTime").asText(p.path("metadata").path("creationTimestamp").asText(""));
        ObjectNode st = p.putObject("status");
        st.put("phase", "Failed");
        st.put("qosClass", "Burstable");
        st.putArray("conditions").addObject().put("type", "Ready").put("status", "False").put("reason", "PodFailed");
        ObjectNode cs = st.putArray("containerStatuses").addObject();
        cs.put("name", container).put("ready", false).put("restartCount", 0);
        ObjectNode t = cs.putObject("state").putObject("terminated").put("reason", reason).put("exitCode", exitCode);
        if (message != null && !message.isEmpty()) {
            t.put("message", message); // the kubelet leaves it out when the container wrote none
        }
        if (!startedAt.isEmpty()) {
            st.put("startTime", startedAt);
            t.put("startedAt", startedAt);
        }
        t.put("finishedAt", finishedAt.toString());
    }

    private static void pending(ObjectNode p, String message) {
        ObjectNode st = p.putObject("status");
        st.put("phase", "Pending");
        st.put("qosClass", "Burstable");
        st.putArray("conditions").addObject().put("type", "PodScheduled").put("status", "False")
                .put("reason", "Unschedulable").put("message", message);
    }
}
