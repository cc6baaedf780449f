package dev.flightdeck.app.gangs;

import dev.flightdeck.app.fleet.PodFacts;
import dev.flightdeck.app.watch.PodProjector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Pod manifests shaped as each upstream controller writes them: the labels,
 * annotations and owner references below are the ones the real controllers set
 * (jobset, mpi-operator v2, training-operator, lws, volcano, the Job controller,
 * scheduler-plugins). Parsed through the real projector, so a label the projector
 * dropped would break the adapter tests too.
 */
final class UpstreamPods {

    private UpstreamPods() {
    }

    static PodFacts pod(String name, String ownerKind, String owner, String labels, String annotations,
                        String phase, String node) {
        String json = """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"%s","namespace":"ml",
                 "creationTimestamp":"2026-11-22T01:00:00Z",
                 "labels":{%s},"annotations":{%s},
                 "ownerReferences":[{"apiVersion":"x/v1","kind":"%s","name":"%s","uid":"u","controller":true}]},
                 "spec":{%s"containers":[{"name":"c","resources":{"limits":{"nvidia.com/gpu":"8"}}}]},
                 "status":{"phase":"%s","conditions":[{"type":"Ready","status":"%s"}]}}"""
                .formatted(name, labels, annotations, ownerKind, owner,
                        node == null ? "" : "\"nodeName\":\"" + node + "\",", phase,
                        "Running".equals(phase) ? "True" : "False");
        try {
            return PodProjector.parse(json.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PodFacts running(String name, String ownerKind, String owner, String labels, String annotations) {
        return pod(name, ownerKind, owner, labels, annotations, "Running", "gpu-node-" + Math.abs(name.hashCode() % 100));
    }

    /** A JobSet pod: labels from the JobSet controller plus those its child Indexed Job adds. */
    static PodFacts jobSet(String jobset, String replicatedJob, int jobIndex, int globalIndex, int completionIndex) {
        String job = jobset + "-" + replicatedJob + "-" + jobIndex;
        return running(job + "-" + completionIndex + "-abcde", "Job", job, """
                "jobset.sigs.k8s.io/jobset-name":"%1$s","jobset.sigs.k8s.io/replicatedjob-name":"%2$s",
                "jobset.sigs.k8s.io/replicatedjob-replicas":"2","jobset.sigs.k8s.io/job-index":"%3$d",
                "jobset.sigs.k8s.io/job-global-index":"%4$d","jobset.sigs.k8s.io/job-key":"3f1c",
                "batch.kubernetes.io/job-name":"%6$s","job-name":"%6$s",
                "batch.kubernetes.io/job-completion-index":"%5$d","batch.kubernetes.io/controller-uid":"u1"
                """.formatted(jobset, replicatedJob, jobIndex, globalIndex, completionIndex, job),
                "\"jobset.sigs.k8s.io/jobset-name\":\"%s\",\"batch.kubernetes.io/job-completion-index\":\"%d\""
                        .formatted(jobset, completionIndex));
    }

    /** mpi-operator v2: workers are owned by the MPIJob; the launcher by a Job it creates. */
    static PodFacts mpiJob(String job, String role, int index) {
        String name = role.equals("launcher") ? job + "-launcher-x7k2p" : job + "-worker-" + index;
        return running(name, role.equals("launcher") ? "Job" : "MPIJob", role.equals("launcher") ? job + "-launcher" : job, """
                "training.kubeflow.org/job-name":"%s","training.kubeflow.org/job-role":"%s",
                "training.kubeflow.org/operator-name":"mpi-operator"%s
                """.formatted(job, role, role.equals("worker") ? ",\"training.kubeflow.org/replica-index\":\"" + index + "\"" : ""), "");
    }

    /** training-operator PyTorchJob: replica-type master|worker and replica-index. */
    static PodFacts pyTorchJob(String job, String type, int index) {
        return running(job + "-" + type + "-" + index, "PyTorchJob", job, """
                "training.kubeflow.org/job-name":"%s","training.kubeflow.org/replica-type":"%s",
                "training.kubeflow.org/replica-index":"%d","training.kubeflow.org/operator-name":"pytorchjob-controller"%s
                """.formatted(job, type, index, type.equals("master") ? ",\"training.kubeflow.org/job-role\":\"master\"" : ""), "");
    }

    /** LeaderWorkerSet: leader pods are named NAME-GROUP, workers NAME-GROUP-WORKER. */
    static PodFacts lws(String name, int group, int worker) {
        String pod = worker == 0 ? name + "-" + group : name + "-" + group + "-" + worker;
        return running(pod, worker == 0 ? "StatefulSet" : "StatefulSet", worker == 0 ? name : name + "-" + group, """
                "leaderworkerset.sigs.k8s.io/name":"%s","leaderworkerset.sigs.k8s.io/group-index":"%d",
                "leaderworkerset.sigs.k8s.io/worker-index":"%d","leaderworkerset.sigs.k8s.io/group-key":"9b2e"
                """.formatted(name, group, worker), "\"leaderworkerset.sigs.k8s.io/size\":\"4\"");
    }

    /** Volcano Job: labels and annotations as the volcano job controller writes them. */
    static PodFacts volcano(String job, String task, int index) {
        return running(job + "-" + task + "-" + index, "Job", job, """
                "volcano.sh/job-name":"%1$s","volcano.sh/job-namespace":"ml","volcano.sh/queue-name":"default",
                "volcano.sh/task-spec":"%2$s","volcano.sh/task-index":"%3$d"
                """.formatted(job, task, index), """
                "scheduling.k8s.io/group-name":"%1$s-8f3c","volcano.sh/job-name":"%1$s","volcano.sh/task-spec":"%2$s",
                "volcano.sh/task-index":"%3$d","volcano.sh/job-version":"0"
                """.formatted(job, task, index));
    }

    /** scheduler-plugins coscheduling: a bare pod that only names its PodGroup. */
    static PodFacts podGroupOnly(String group, String name) {
        return running(name, "ReplicaSet", name + "-rs", "\"scheduling.x-k8s.io/pod-group\":\"%s\"".formatted(group), "");
    }
}
