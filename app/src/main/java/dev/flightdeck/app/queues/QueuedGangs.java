package dev.flightdeck.app.queues;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;

/**
 * The gang a Workload's job forms once its pods exist: the key the pod-formed gang will have, so a job
 * is one gang from queued to running, never two. Jobs of kinds the console does not read as gangs
 * (a RayJob, a TrainJob, plain pods) are keyed as Kueue workloads by their job's name.
 */
final class QueuedGangs {

    private QueuedGangs() {
    }

    static GangKey keyOf(KueueObject.Workload w) {
        KueueObject.Owner o = w.owner();
        if (o == null) {
            return new GangKey(GangSystem.KUEUE, w.namespace(), w.name());
        }
        String group = o.apiVersion() == null || !o.apiVersion().contains("/") ? ""
                : o.apiVersion().substring(0, o.apiVersion().indexOf('/'));
        GangSystem system = switch (group + "/" + o.kind()) {
            // a plain Job's pods form no gang; an Indexed Job's do, under this key
            case "batch/Job" -> GangSystem.INDEXED_JOB;
            case "jobset.x-k8s.io/JobSet" -> GangSystem.JOBSET;
            case "kubeflow.org/MPIJob" -> GangSystem.MPIJOB;
            case "kubeflow.org/PyTorchJob" -> GangSystem.PYTORCHJOB;
            default -> GangSystem.KUEUE;
        };
        return new GangKey(system, w.namespace(), o.name());
    }
}
