package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * Makes the pods (and child Jobs) the real controllers make for a gang workload, with their
 * names, labels and owner references (conventions §3): the Job controller for Indexed Jobs, the
 * JobSet controller, the Kubeflow training operator for PyTorchJobs, and the MPI operator.
 * Placement is {@link SandboxPlacement}'s; a placed pod is Running and Ready at once (no image
 * pulls, no init), an unplaced one Pending with the scheduler's usual words.
 */
final class SandboxRankPods {

    private final ObjectStore store;
    private final SandboxPlacement placement;

    SandboxRankPods(ObjectStore store, SandboxPlacement placement) {
        this.store = store;
        this.placement = placement;
    }

    /** The Job controller: one pod per completion index, up to parallelism. */
    void indexedJob(ObjectNode job) throws StoreException {
        JsonNode spec = job.path("spec");
        String name = job.path("metadata").path("name").asText();
        int parallelism = spec.path("parallelism").asInt(1);
        int ranks = Math.min(parallelism, spec.path("completions").asInt(parallelism));
        for (int i = 0; i < ranks; i++) {
            ObjectNode pod = fromTemplate(job, spec.path("template"), name + "-" + i + "-" + NameSuffix.random());
            ObjectNode meta = pod.with("metadata");
            meta.with("labels").put("batch.kubernetes.io/job-name", name).put("job-name", name)
                    .put("batch.kubernetes.io/job-completion-index", Integer.toString(i));
            meta.with("annotations").put("batch.kubernetes.io/job-completion-index", Integer.toString(i));
            pod.with("spec").put("hostname", name + "-" + i);
            for (JsonNode c : pod.path("spec").path("containers")) {
                ((ObjectNode) c).withArray("env").addObject().put("name", "JOB_COMPLETION_INDEX").putObject("valueFrom")
                        .putObject("fieldRef").put("fieldPath", "metadata.labels['batch.kubernetes.io/job-completion-index']");
            }
            place(pod);
        }
    }

    /** The JobSet controller: one Indexed Job per replica of each replicated job, then the Job controller. */
    void jobSet(ObjectNode jobSet) throws StoreException {
        String js = jobSet.path("metadata").path("name").asText();
        int global = 0;
        for (JsonNode rj : jobSet.path("spec").path("replicatedJobs")) {
            int replicas = rj.path("replicas").asInt(1);
            for (int r = 0; r < replicas; r++, global++) {
                Map<String, String> labels = Map.of("jobset.sigs.k8s.io/jobset-name", js,
                        "jobset.sigs.k8s.io/replicatedjob-name", rj.path("name").asText(),
                        "jobset.sigs.k8s.io/replicatedjob-replicas", Integer.toString(replicas),
                        "jobset.sigs.k8s.io/job-index", Integer.toString(r),
                        "jobset.sigs.k8s.io/job-global-index", Integer.toString(global));
                ObjectNode job = SandboxJson.MAPPER.createObjectNode();
                ObjectNode meta = job.putObject("metadata").put("name", js + "-" + rj.path("name").asText() + "-" + r)
                        .put("namespace", jobSet.path("metadata").path("namespace").asText());
                labels.forEach(meta.putObject("labels")::put);
                owner(job, jobSet);
                ObjectNode spec = rj.path("template").path("spec").deepCopy();
                spec.put("completionMode", "Indexed");
                labels.forEach(spec.with("template").with("metadata").with("labels")::put);
                job.set("spec", spec);
                indexedJob(SandboxJobDefaults.create(store, job));
            }
        }
    }

    /** The training operator: {@code NAME-<type>-<i>} per replica type, owned by the PyTorchJob. */
    void pyTorchJob(ObjectNode job) throws StoreException {
        String name = job.path("metadata").path("name").asText();
        for (Map.Entry<String, JsonNode> e : job.path("spec").path("pytorchReplicaSpecs").properties()) {
            String type = e.getKey().toLowerCase(java.util.Locale.ROOT);
            for (int i = 0; i < e.getValue().path("replicas").asInt(1); i++) {
                ObjectNode pod = fromTemplate(job, e.getValue().path("template"), name + "-" + type + "-" + i);
                ObjectNode l = pod.with("metadata").with("labels");
                l.put("training.kubeflow.org/job-name", name).put("training.kubeflow.org/replica-type", type)
                        .put("training.kubeflow.org/replica-index", Integer.toString(i))
                        .put("training.kubeflow.org/operator-name", "pytorchjob-controller");
                if (type.equals("master")) {
                    l.put("training.kubeflow.org/job-role", "master");
                }
                place(pod);
            }
        }
    }

    /** The MPI operator (v2): workers owned by the MPIJob, the launcher a pod of Job {@code NAME-launcher}. */
    void mpiJob(ObjectNode job) throws StoreException {
        String name = job.path("metadata").path("name").asText();
        String ns = job.path("metadata").path("namespace").asText();
        JsonNode specs = job.path("spec").path("mpiReplicaSpecs");
        for (int i = 0; i < specs.path("Worker").path("replicas").asInt(0); i++) {
            ObjectNode pod = fromTemplate(job, specs.path("Worker").path("template"), name + "-worker-" + i);
            mpiLabels(pod, name, "worker").put("training.kubeflow.org/replica-index", Integer.toString(i));
            place(pod);
        }
        if (specs.has("Launcher")) {
            ObjectNode launcher = SandboxJson.MAPPER.createObjectNode();
            launcher.putObject("metadata").put("name", name + "-launcher").put("namespace", ns);
            owner(launcher, job);
            launcher.putObject("spec").put("backoffLimit", 6).set("template", specs.path("Launcher").path("template").deepCopy());
            ObjectNode stored = SandboxJobDefaults.create(store, launcher);
            ObjectNode pod = fromTemplate(stored, specs.path("Launcher").path("template"), name + "-launcher-" + NameSuffix.random());
            mpiLabels(pod, name, "launcher");
            place(pod);
        }
    }

    private static ObjectNode mpiLabels(ObjectNode pod, String job, String role) {
        return pod.with("metadata").with("labels").put("training.kubeflow.org/job-name", job)
                .put("training.kubeflow.org/job-role", role).put("training.kubeflow.org/operator-name", "mpi-operator");
    }

    private static ObjectNode fromTemplate(JsonNode owner, JsonNode template, String name) {
        ObjectNode pod = SandboxJson.MAPPER.createObjectNode();
        ObjectNode meta = template.path("metadata").isObject() ? template.path("metadata").deepCopy() : SandboxJson.MAPPER.createObjectNode();
        meta.remove("creationTimestamp");
        meta.put("name", name).put("namespace", owner.path("metadata").path("namespace").asText());
        meta.with("labels");
        pod.set("metadata", meta);
        owner(pod, owner);
        pod.set("spec", template.path("spec").isObject() ? template.path("spec").deepCopy() : SandboxJson.MAPPER.createObjectNode());
        return pod;
    }

    private static void owner(ObjectNode dependent, JsonNode owner) {
        dependent.with("metadata").putArray("ownerReferences").addObject()
                .put("apiVersion", owner.path("apiVersion").asText()).put("kind", owner.path("kind").asText())
                .put("name", owner.path("metadata").path("name").asText())
                .put("uid", owner.path("metadata").path("uid").asText())
                .put("controller", true).put("blockOwnerDeletion", true);
    }

    private void place(ObjectNode pod) throws StoreException {
        String node = placement.nodeFor(pod);
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        if (node != null) {
            pod.with("spec").put("nodeName", node);
            PodTemplates.running(pod, pod.path("spec").path("containers").path(0).path("name").asText(), now, 0);
        } else {
            int nodes = store.count("nodes");
            ObjectNode st = pod.putObject("status");
            st.put("phase", "Pending");
            st.putArray("conditions").addObject().put("type", "PodScheduled").put("status", "False")
                    .put("reason", "Unschedulable").put("lastTransitionTime", now.toString())
                    .put("message", "0/" + nodes + " nodes are available: " + nodes + " Insufficient nvidia.com/gpu.");
        }
        store.create("pods", pod);
    }
}
