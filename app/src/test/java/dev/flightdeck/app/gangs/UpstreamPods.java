package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.watch.PodProjector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;

/**
 * Pod manifests shaped as each upstream controller writes them: the labels, annotations
 * and owner references below are the ones the real controllers set (jobset, mpi-operator
 * v2, training-operator, lws, volcano, the Job controller, scheduler-plugins; sources in
 * fixtures/controllers/README.md, where whole objects of every system are kept). Parsed
 * through the real projector, so a label the projector dropped would break the adapter
 * tests too.
 */
final class UpstreamPods {

    private UpstreamPods() {
    }

    static PodFacts pod(String name, String ownerApiVersion, String ownerKind, String owner, String labels,
                        String annotations, String phase, String node) {
        String json = """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"%s","namespace":"ml",
                 "uid":"%s","creationTimestamp":"2026-11-22T01:00:00Z",
                 "labels":{%s},"annotations":{%s},
                 "ownerReferences":[{"apiVersion":"%s","kind":"%s","name":"%s","uid":"%s",
                   "controller":true,"blockOwnerDeletion":true}]},
                 "spec":{%s"containers":[{"name":"c","resources":{"limits":{"nvidia.com/gpu":"8"}}}]},
                 "status":{"phase":"%s","conditions":[{"type":"Ready","status":"%s"}]}}"""
                .formatted(name, uid("ml/" + name), labels, annotations, ownerApiVersion, ownerKind, owner,
                        uid("ml/" + owner), node == null ? "" : "\"nodeName\":\"" + node + "\",", phase,
                        "Running".equals(phase) ? "True" : "False");
        try {
            return PodProjector.parse(json.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PodFacts running(String name, String ownerApiVersion, String ownerKind, String owner, String labels,
                            String annotations) {
        return pod(name, ownerApiVersion, ownerKind, owner, labels, annotations, "Running",
                "gpu-node-" + Math.abs(name.hashCode() % 100));
    }

    /** A stable UID for an object, so owner references match their owner as the API server's would. */
    static String uid(String object) {
        return UUID.nameUUIDFromBytes(object.getBytes(StandardCharsets.UTF_8)).toString();
    }

    static String sha1(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A JobSet pod of a JobSet with one replicated job of two replicas: the JobSet controller's
     * keys (as labels and, all of them, as annotations) plus those its child Indexed Job adds.
     */
    static PodFacts jobSet(String jobset, String replicatedJob, int jobIndex, int globalIndex, int completionIndex) {
        String job = jobset + "-" + replicatedJob + "-" + jobIndex;
        String jobSetKeys = """
                "jobset.sigs.k8s.io/jobset-name":"%1$s","jobset.sigs.k8s.io/replicatedjob-name":"%2$s",
                "jobset.sigs.k8s.io/restart-attempt":"0","jobset.sigs.k8s.io/replicatedjob-replicas":"2",
                "jobset.sigs.k8s.io/global-replicas":"2","jobset.sigs.k8s.io/job-index":"%3$d",
                "jobset.sigs.k8s.io/job-key":"%5$s","jobset.sigs.k8s.io/job-global-index":"%4$d"
                """.formatted(jobset, replicatedJob, jobIndex, globalIndex, sha1("ml/" + job));
        return running(job + "-" + completionIndex + "-abcde", "batch/v1", "Job", job, jobSetKeys + """
                ,"batch.kubernetes.io/job-name":"%1$s","job-name":"%1$s","batch.kubernetes.io/job-completion-index":"%2$d",
                "batch.kubernetes.io/controller-uid":"%3$s","controller-uid":"%3$s"
                """.formatted(job, completionIndex, uid("ml/" + job)),
                jobSetKeys + ",\"batch.kubernetes.io/job-completion-index\":\"%d\"".formatted(completionIndex));
    }

    /** mpi-operator v2: workers are owned by the MPIJob; the launcher by the batch Job it creates. */
    static PodFacts mpiJob(String job, String role, int index) {
        String mpiLabels = """
                "training.kubeflow.org/job-name":"%s","training.kubeflow.org/job-role":"%s",
                "training.kubeflow.org/operator-name":"mpi-operator"
                """.formatted(job, role);
        if (role.equals("launcher")) {
            String launcher = job + "-launcher";
            return running(launcher + "-x7k2p", "batch/v1", "Job", launcher, mpiLabels + """
                    ,"batch.kubernetes.io/job-name":"%1$s","job-name":"%1$s",
                    "batch.kubernetes.io/controller-uid":"%2$s","controller-uid":"%2$s"
                    """.formatted(launcher, uid("ml/" + launcher)), "");
        }
        return running(job + "-worker-" + index, "kubeflow.org/v2beta1", "MPIJob", job,
                mpiLabels + ",\"training.kubeflow.org/replica-index\":\"" + index + "\"", "");
    }

    /** training-operator PyTorchJob: replica-type master|worker, replica-index, and job-role=master on the master. */
    static PodFacts pyTorchJob(String job, String type, int index) {
        return running(job + "-" + type + "-" + index, "kubeflow.org/v1", "PyTorchJob", job, """
                "training.kubeflow.org/job-name":"%s","training.kubeflow.org/replica-type":"%s",
                "training.kubeflow.org/replica-index":"%d","training.kubeflow.org/operator-name":"pytorchjob-controller"%s
                """.formatted(job, type, index, type.equals("master") ? ",\"training.kubeflow.org/job-role\":\"master\"" : ""), "");
    }

    /**
     * LeaderWorkerSet of size 4: leader pods NAME-GROUP owned by the leader StatefulSet NAME,
     * workers NAME-GROUP-WORKER owned by the group's StatefulSet NAME-GROUP.
     */
    static PodFacts lws(String name, int group, int worker) {
        String leader = name + "-" + group;
        String labels = """
                "leaderworkerset.sigs.k8s.io/name":"%s","leaderworkerset.sigs.k8s.io/group-index":"%d",
                "leaderworkerset.sigs.k8s.io/worker-index":"%d","leaderworkerset.sigs.k8s.io/group-key":"%s",
                "leaderworkerset.sigs.k8s.io/template-revision-hash":"6c9d8f7b5"
                """.formatted(name, group, worker, sha1("ml/" + leader));
        if (worker == 0) {
            return running(leader, "apps/v1", "StatefulSet", name, labels, "\"leaderworkerset.sigs.k8s.io/size\":\"4\"");
        }
        return running(leader + "-" + worker, "apps/v1", "StatefulSet", leader, labels,
                "\"leaderworkerset.sigs.k8s.io/size\":\"4\",\"leaderworkerset.sigs.k8s.io/leader-name\":\"" + leader + "\"");
    }

    /** Volcano Job: labels and annotations as the volcano job controller's createJobPod writes them. */
    static PodFacts volcano(String job, String task, int index) {
        return running(job + "-" + task + "-" + index, "batch.volcano.sh/v1alpha1", "Job", job, """
                "volcano.sh/task-index":"%3$d","volcano.sh/job-name":"%1$s","volcano.sh/task-spec":"%2$s",
                "volcano.sh/job-namespace":"ml","volcano.sh/queue-name":"default"
                """.formatted(job, task, index), """
                "volcano.sh/task-index":"%3$d","volcano.sh/task-spec":"%2$s","scheduling.k8s.io/group-name":"%1$s-%4$s",
                "volcano.sh/job-name":"%1$s","volcano.sh/queue-name":"default","volcano.sh/job-version":"0",
                "volcano.sh/template-uid":"%1$s-%2$s","volcano.sh/job-retry-count":"0"
                """.formatted(job, task, index, uid("ml/" + job)));
    }

    /** scheduler-plugins coscheduling: a pod that only names its PodGroup, here one of a ReplicaSet's. */
    static PodFacts podGroupOnly(String group, String name) {
        return running(name, "apps/v1", "ReplicaSet", name + "-rs", "\"scheduling.x-k8s.io/pod-group\":\"%s\"".formatted(group), "");
    }
}
