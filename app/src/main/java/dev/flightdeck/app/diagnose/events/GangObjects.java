package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.WorkloadKind;
import dev.flightdeck.app.kube.ObjectReference;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The objects whose Events are a gang's: its workload object (the Job, JobSet, MPIJob, PyTorchJob,
 * LeaderWorkerSet, Volcano Job or PodGroup the gang is named after) and its ranks' pods. All live in
 * the gang's namespace, so one read of that namespace's Events finds them (see {@link EventScope}).
 */
public final class GangObjects {

    private GangObjects() {
    }

    public static Set<ObjectReference> of(Gang gang) {
        Set<ObjectReference> objects = new LinkedHashSet<>();
        String ns = gang.key().namespace();
        String workload = workloadName(gang);
        for (WorkloadKind kind : WorkloadKind.ALL) {
            if (kind.system() == gang.key().system()) {
                objects.add(new ObjectReference(kind.groupVersion(), kind.kind(), ns, workload, null, null));
            }
        }
        if (gang.key().system() == GangSystem.MPIJOB) {
            // The MPI operator runs the launcher as a batch Job of its own, named after the MPIJob.
            objects.add(ObjectReference.of("Job", ns, workload + "-launcher"));
        }
        for (RankSlot r : gang.ranks()) {
            if (r.pod() != null) {
                objects.add(ObjectReference.of("Pod", ns, r.pod()));
            }
        }
        return objects;
    }

    /** A LeaderWorkerSet's gangs are its groups, {@code NAME-INDEX}; every other gang is named after its object. */
    static String workloadName(Gang gang) {
        String name = gang.key().name();
        if (gang.key().system() == GangSystem.LEADER_WORKER_SET) {
            int dash = name.lastIndexOf('-');
            if (dash > 0 && name.substring(dash + 1).chars().allMatch(Character::isDigit)) {
                return name.substring(0, dash);
            }
        }
        return name;
    }
}
