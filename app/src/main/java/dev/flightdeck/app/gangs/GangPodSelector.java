package dev.flightdeck.app.gangs;

import java.util.Optional;

/**
 * A label selector that finds a gang's pods on the server, for the systems whose controllers label every pod with
 * the gang's name (conventions §3), so reading a gang's pods lists those and not its whole namespace. Pod groups and
 * Volcano name their gang in an annotation or one of two labels: no single selector finds them (empty).
 */
public final class GangPodSelector {

    private GangPodSelector() {
    }

    public static Optional<String> of(GangKey gang) {
        String label = switch (gang.system()) {
            case INDEXED_JOB -> IndexedJobAdapter.JOB_NAME;
            case JOBSET -> JobSetAdapter.NAME;
            case PYTORCHJOB, MPIJOB -> KubeflowAdapter.JOB_NAME;
            case LEADER_WORKER_SET -> LeaderWorkerSetAdapter.NAME;
            case VOLCANO, POD_GROUP, KUEUE -> null;
        };
        return Optional.ofNullable(label).map(l -> l + "=" + gang.name());
    }
}
