package dev.flightdeck.views.queues;

import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.queues.KueueKind;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.KueueProjector;
import dev.flightdeck.app.watch.WatchEvent;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real fleet model fed Kueue's objects as their watches would (the Kueue-shaped fixtures under
 * fixtures/upstream/kueue-v0.19.2/objects, see the PROVENANCE there): ClusterQueue research full, run-big waiting for
 * quota, sweep preempted and waiting, run-small admitted. Twelve minutes after run-big was created.
 */
final class KueueFleet implements AutoCloseable {

    static final Instant NOW = Instant.parse("2026-11-27T10:12:00Z");
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    final ClusterModel model = new ClusterModel(PreflightConvention.DEFAULT, CLOCK);

    KueueFleet() throws Exception {
        relist(KueueKind.RESOURCE_FLAVOR, "resourceflavor-h100.json");
        relist(KueueKind.CLUSTER_QUEUE, "clusterqueue-research.json");
        relist(KueueKind.LOCAL_QUEUE, "localqueue-research.json");
        relist(KueueKind.WORKLOAD, "workload-pending.json", "workload-admitted.json", "workload-preempted.json");
        if (!model.awaitFolded(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the model did not fold the Kueue objects in 10 s");
        }
    }

    private void relist(KueueKind kind, String... files) throws IOException {
        List<KueueObject> objects = new java.util.ArrayList<>();
        for (String f : files) {
            objects.add(new KueueProjector(kind).parse(bytes(f)));
        }
        model.queueSink(kind).accept(new WatchEvent.Relisted<>(objects));
    }

    static byte[] bytes(String file) throws IOException {
        String path = "/fixtures/upstream/kueue-v0.19.2/objects/" + file;
        try (InputStream in = KueueFleet.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IOException("no test resource " + path);
            }
            return in.readAllBytes();
        }
    }

    @Override
    public void close() {
        model.close();
    }
}
