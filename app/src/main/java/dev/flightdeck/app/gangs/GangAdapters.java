package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.List;
import java.util.Optional;

/**
 * All adapters, most specific first: a JobSet's pods are also an Indexed Job's, and
 * many workloads' pods also carry a pod-group label, so the workload that owns the
 * ranks names the gang and the bare pod group comes last.
 */
public final class GangAdapters {

    private static final List<GangAdapter> ORDER = List.of(new JobSetAdapter(), new KubeflowAdapter(),
            new LeaderWorkerSetAdapter(), new VolcanoAdapter(), new IndexedJobAdapter(), new PodGroupAdapter());

    private GangAdapters() {
    }

    public static Optional<PodRank> identify(PodFacts pod) {
        for (GangAdapter a : ORDER) {
            Optional<PodRank> r = a.identify(pod);
            if (r.isPresent()) {
                return r;
            }
        }
        return Optional.empty();
    }
}
