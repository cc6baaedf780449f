package dev.flightdeck.app.queues;

import dev.flightdeck.app.Fixtures;

import java.io.IOException;
import java.io.UncheckedIOException;

/** The Kueue-shaped objects under fixtures/upstream/kueue-v0.19.2/objects (see the README there), projected. */
final class KueueFixtures {

    static final String DIR = "upstream/kueue-v0.19.2/objects/";

    private KueueFixtures() {
    }

    static byte[] json(String file) {
        return Fixtures.bytes(DIR + file);
    }

    static KueueObject parse(KueueKind kind, byte[] json) {
        try {
            return new KueueProjector(kind).parse(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static KueueObject.ClusterQueue research() {
        return (KueueObject.ClusterQueue) parse(KueueKind.CLUSTER_QUEUE, json("clusterqueue-research.json"));
    }

    static KueueObject.LocalQueue localQueue() {
        return (KueueObject.LocalQueue) parse(KueueKind.LOCAL_QUEUE, json("localqueue-research.json"));
    }

    static KueueObject.Workload workload(String file) {
        return (KueueObject.Workload) parse(KueueKind.WORKLOAD, json(file));
    }

    static KueueObject.Workload pending() {
        return workload("workload-pending.json");
    }

    static KueueObject.Workload admitted() {
        return workload("workload-admitted.json");
    }

    static KueueObject.Workload preempted() {
        return workload("workload-preempted.json");
    }
}
