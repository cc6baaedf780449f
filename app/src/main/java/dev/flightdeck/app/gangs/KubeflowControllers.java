package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which Kubeflow controller made a pod, and so which gang system it belongs to. The
 * {@code training.kubeflow.org/job-role} label cannot tell: training-operator sets
 * {@code job-role=master} on whichever pod it treats as master (a PyTorchJob's master, a
 * TFJob's chief or, without one, worker 0, its own v1 MPIJob's launcher), while mpi-operator
 * v2 sets {@code job-role=launcher|worker} and no replica-type at all. So the evidence is
 * read strongest first: the operator-name label, the owner's kind, then the role values,
 * because older operators and hand-made pods lack some of these labels.
 */
final class KubeflowControllers {

    static final String OPERATOR = "training.kubeflow.org/operator-name";

    /** operator-name values: mpi-operator (v2beta1), training-operator's own controllers. */
    private static final Map<String, GangSystem> OPERATORS = Map.of(
            "mpi-operator", GangSystem.MPIJOB,
            "mpijob-controller", GangSystem.MPIJOB,
            "pytorchjob-controller", GangSystem.PYTORCHJOB);

    /**
     * Kubeflow kinds the console has no gang system of their own for (conventions §3 names only
     * MPIJob and PyTorchJob, and only those are watched). They are still gangs a drain breaks,
     * so they show as a pod group named after the job (see {@link KubeflowAdapter}); calling
     * them PyTorchJobs or MPIJobs would split them and offer a resume that recreates the wrong kind.
     */
    private static final Set<String> OTHER_OPERATORS = Set.of("tfjob-controller", "xgboostjob-controller",
            "paddlejob-controller", "jaxjob-controller", "mxjob-controller");
    private static final Set<String> OTHER_OWNERS = Set.of("TFJob", "XGBoostJob", "PaddleJob", "JAXJob", "MXJob");
    /** Replica types only a TFJob has. */
    private static final Set<String> TF_TYPES = Set.of("chief", "ps", "evaluator");

    private KubeflowControllers() {
    }

    /** The pod's gang system: MPIJob, PyTorchJob, or {@link GangSystem#POD_GROUP} for the other kinds. */
    static GangSystem system(PodFacts pod) {
        String operator = GangAdapter.attr(pod, OPERATOR);
        if (operator != null && OPERATORS.containsKey(operator)) {
            return OPERATORS.get(operator);
        }
        if (operator != null && OTHER_OPERATORS.contains(operator)) {
            return GangSystem.POD_GROUP;
        }
        String owner = pod.ownerKind();
        if ("MPIJob".equals(owner)) {
            return GangSystem.MPIJOB;
        }
        if ("PyTorchJob".equals(owner)) {
            return GangSystem.PYTORCHJOB;
        }
        if (owner != null && OTHER_OWNERS.contains(owner)) {
            return GangSystem.POD_GROUP;
        }
        // no operator-name and an owner that does not say (mpi-operator's launcher is owned by a batch Job)
        String type = replicaType(pod);
        String role = lower(GangAdapter.attr(pod, KubeflowAdapter.JOB_ROLE));
        if ("launcher".equals(type) || type == null && ("launcher".equals(role) || "worker".equals(role))) {
            return GangSystem.MPIJOB; // training-operator's v1 MPIJob, or mpi-operator v2
        }
        if (type != null && TF_TYPES.contains(type)) {
            return GangSystem.POD_GROUP;
        }
        // master/worker: a PyTorchJob, as far as the labels can tell (XGBoost and Paddle jobs use
        // the same types, but always carry operator-name or their owner, handled above)
        return GangSystem.PYTORCHJOB;
    }

    static String replicaType(PodFacts pod) {
        return lower(GangAdapter.attr(pod, KubeflowAdapter.REPLICA_TYPE));
    }

    static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }
}
