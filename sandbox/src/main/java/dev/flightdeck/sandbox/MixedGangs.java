package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One small gang of every other supported system, laid over eight nodes, with the
 * gang objects and the pod labels their controllers really write: a PyTorchJob
 * (master + worker), a JobSet (2 replicated jobs), an MPIJob (launcher on a system
 * node + 2 workers), a LeaderWorkerSet group, a Volcano Job and a bare
 * scheduler-plugins PodGroup (the last three sharing two nodes' GPUs).
 */
final class MixedGangs {

    private static final String NS = "research";
    private final ObjectStore store;
    private final SandboxCheckpoints checkpoints;
    private final Instant started;

    MixedGangs(ObjectStore store, SandboxCheckpoints checkpoints, Instant now) {
        this.store = store;
        this.checkpoints = checkpoints;
        this.started = now.minusSeconds(3 * 3600);
    }

    /**
     * Seeds the gangs. The PyTorchJob saves Hugging Face checkpoints and the MPIJob Megatron
     * ones to object storage; the JobSet carries checkpoint annotations 5 h stale; the serving
     * LWS, the sweep and the trials announce none.
     */
    void seed(List<String> n, String launcherNode) throws StoreException {
        pyTorchJob("llama-sft", n.get(0), n.get(1));
        jobSet("vision-pretrain", n.get(2), n.get(3));
        mpiJob("bert-large", launcherNode, n.get(4), n.get(5));
        leaderWorkerSet("vllm-serve", n.get(6), n.get(7));
        volcanoJob("resnet-sweep", n.get(6), n.get(7));
        podGroup("hpo-trials", n.get(6), n.get(7));
    }

    private void pyTorchJob(String job, String masterNode, String workerNode) throws StoreException {
        ObjectNode o = object("PyTorchJob", job,
                "{\"pytorchReplicaSpecs\":{\"Master\":{\"replicas\":1},\"Worker\":{\"replicas\":1}}}",
                "{\"conditions\":[{\"type\":\"Created\",\"status\":\"True\"},{\"type\":\"Running\",\"status\":\"True\"}]}");
        WorkloadTemplates.pyTorchJob(o, 8);
        checkpoints.huggingFace(o, started.plusSeconds(9300), 2400, 200, java.time.Duration.ofMinutes(25));
        store.create("kubeflow.org/pytorchjobs", o);
        for (String type : new String[]{"master", "worker"}) {
            store.create("pods", PodTemplates.gangPod(NS, job + "-" + type + "-0", type.equals("master") ? masterNode : workerNode,
                    8, started, Map.of("training.kubeflow.org/job-name", job, "training.kubeflow.org/replica-type", type,
                            "training.kubeflow.org/replica-index", "0", "training.kubeflow.org/operator-name", "pytorchjob-controller"),
                    Map.of(), "kubeflow.org/v1", "PyTorchJob", job));
        }
    }

    private void jobSet(String jobset, String... nodes) throws StoreException {
        ObjectNode o = object("JobSet", jobset,
                "{\"replicatedJobs\":[{\"name\":\"workers\",\"replicas\":2,\"template\":{\"spec\":{\"parallelism\":1,\"completions\":1}}}]}",
                "{\"conditions\":[]}");
        WorkloadTemplates.jobSet(o, 8);
        PodTemplates.checkpointAnnotations(o, "s3://checkpoints/" + jobset + "/step-300/", started.minusSeconds(7200), 300);
        store.create("jobset.x-k8s.io/jobsets", o);
        for (int i = 0; i < nodes.length; i++) {
            String job = jobset + "-workers-" + i;
            store.create("pods", PodTemplates.gangPod(NS, job + "-0-x" + i + "k2p", nodes[i], 8, started, Map.of(
                    "jobset.sigs.k8s.io/jobset-name", jobset, "jobset.sigs.k8s.io/replicatedjob-name", "workers",
                    "jobset.sigs.k8s.io/job-index", "" + i, "jobset.sigs.k8s.io/job-global-index", "" + i,
                    "batch.kubernetes.io/job-name", job, "batch.kubernetes.io/job-completion-index", "0"),
                    Map.of("batch.kubernetes.io/job-completion-index", "0"), "batch/v1", "Job", job));
        }
    }

    private void mpiJob(String job, String launcherNode, String... workers) throws StoreException {
        ObjectNode o = object("MPIJob", job,
                "{\"slotsPerWorker\":8,\"mpiReplicaSpecs\":{\"Launcher\":{\"replicas\":1},\"Worker\":{\"replicas\":2}}}",
                "{\"conditions\":[{\"type\":\"Created\",\"status\":\"True\"},{\"type\":\"Running\",\"status\":\"True\"}]}");
        WorkloadTemplates.mpiJob(o, 8);
        checkpoints.megatron(o, started.plusSeconds(9900), 12000, 1000, java.time.Duration.ofMinutes(40));
        store.create("kubeflow.org/mpijobs", o);
        store.create("pods", PodTemplates.gangPod(NS, job + "-launcher-7xq2z", launcherNode, 0, started, Map.of(
                "training.kubeflow.org/job-name", job, "training.kubeflow.org/job-role", "launcher",
                "training.kubeflow.org/operator-name", "mpi-operator"), Map.of(), "batch/v1", "Job", job + "-launcher"));
        for (int i = 0; i < workers.length; i++) {
            store.create("pods", PodTemplates.gangPod(NS, job + "-worker-" + i, workers[i], 8, started, Map.of(
                    "training.kubeflow.org/job-name", job, "training.kubeflow.org/job-role", "worker",
                    "training.kubeflow.org/replica-index", "" + i, "training.kubeflow.org/operator-name", "mpi-operator"),
                    Map.of(), "kubeflow.org/v2beta1", "MPIJob", job));
        }
    }

    private void leaderWorkerSet(String name, String leaderNode, String workerNode) throws StoreException {
        store.create("leaderworkerset.x-k8s.io/leaderworkersets", object("LeaderWorkerSet", name,
                "{\"replicas\":1,\"leaderWorkerTemplate\":{\"size\":2}}", "{\"readyReplicas\":1}"));
        String[] nodes = {leaderNode, workerNode};
        for (int w = 0; w < 2; w++) {
            store.create("pods", PodTemplates.gangPod(NS, w == 0 ? name + "-0" : name + "-0-" + w, nodes[w], 4, started,
                    Map.of("leaderworkerset.sigs.k8s.io/name", name, "leaderworkerset.sigs.k8s.io/group-index", "0",
                            "leaderworkerset.sigs.k8s.io/worker-index", "" + w),
                    Map.of("leaderworkerset.sigs.k8s.io/size", "2"), "apps/v1", "StatefulSet", w == 0 ? name : name + "-0"));
        }
    }

    private void volcanoJob(String job, String... nodes) throws StoreException {
        store.create("batch.volcano.sh/jobs", object("Job", job,
                "{\"minAvailable\":2,\"schedulerName\":\"volcano\",\"tasks\":[{\"name\":\"worker\",\"replicas\":2}]}",
                "{\"state\":{\"phase\":\"Running\"}}"));
        for (int i = 0; i < nodes.length; i++) {
            store.create("pods", PodTemplates.gangPod(NS, job + "-worker-" + i, nodes[i], 2, started,
                    Map.of("volcano.sh/job-name", job, "volcano.sh/task-spec", "worker", "volcano.sh/task-index", "" + i,
                            "volcano.sh/queue-name", "default"),
                    Map.of("scheduling.k8s.io/group-name", job + "-5c9d", "volcano.sh/job-name", job,
                            "volcano.sh/task-spec", "worker", "volcano.sh/task-index", "" + i),
                    "batch.volcano.sh/v1alpha1", "Job", job));
        }
    }

    private void podGroup(String group, String... nodes) throws StoreException {
        store.create("scheduling.x-k8s.io/podgroups", object("PodGroup", group, "{\"minMember\":2}",
                "{\"phase\":\"Running\",\"running\":2}"));
        for (int i = 0; i < nodes.length; i++) {
            store.create("pods", PodTemplates.gangPod(NS, group + "-trial-" + i, nodes[i], 2, started,
                    Map.of("scheduling.x-k8s.io/pod-group", group), Map.of(), "apps/v1", "ReplicaSet", group + "-trials"));
        }
    }

    private ObjectNode object(String kind, String name, String spec, String status) throws StoreException {
        try {
            ObjectNode o = SandboxJson.MAPPER.createObjectNode();
            o.putObject("metadata").put("name", name).put("namespace", NS).put("creationTimestamp", started.toString());
            o.set("spec", SandboxJson.MAPPER.readTree(spec));
            o.set("status", SandboxJson.MAPPER.readTree(status));
            return o;
        } catch (java.io.IOException e) {
            throw new StoreException(500, "InternalError", kind + " template unreadable: " + e.getMessage());
        }
    }
}
