package dev.flightdeck.bench;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.queues.KueueKind;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.KueueProjector;
import dev.flightdeck.app.queues.QueueBook;
import dev.flightdeck.app.queues.QueuesSnapshot;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.WatchEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a cluster's Workloads cost the console: a LIST of N Workloads (default 5,000: half admitted, half
 * pending, shaped as the fixtures under upstream/kueue-v0.19.2/objects) projected as the watcher reads it,
 * the heap they keep once in the queue book, and the queue snapshot the cluster model rebuilds at a fold where
 * a Kueue object changed. Prints figures; asserts nothing. Options: -Dworkloads=5000 -Drounds=50.
 */
public final class KueueWorkloadsBenchmark {

    public static void main(String[] args) throws Exception {
        int n = Integer.getInteger("workloads", 5_000);
        int rounds = Integer.getInteger("rounds", 50);
        byte[] list = list(n);
        System.out.printf(Locale.ROOT, "LIST of %,d Workloads: %.1f MB%n", n, list.length / 1e6);
        for (int i = 0; i < 3; i++) {
            project(list); // warm-up: the watcher's projector runs hot after its first pages
        }
        long heapBefore = HeapAfterGc.bytes();
        long t0 = System.nanoTime();
        List<KueueObject> items = project(list);
        long parseNanos = System.nanoTime() - t0;
        QueueBook book = new QueueBook();
        book.apply(KueueKind.CLUSTER_QUEUE, new WatchEvent.Relisted<>(List.of(new KueueProjector(KueueKind.CLUSTER_QUEUE)
                .parse(Fixtures.bytes("upstream/kueue-v0.19.2/objects/clusterqueue-research.json")))));
        book.apply(KueueKind.WORKLOAD, new WatchEvent.Relisted<>(items));
        items = null;
        long heapAfter = HeapAfterGc.bytes();
        System.out.printf(Locale.ROOT, "projected in %d ms (%.1f µs a Workload); kept: %,d bytes a Workload%n",
                parseNanos / 1_000_000, parseNanos / 1e3 / n, (heapAfter - heapBefore) / n);
        QueuesSnapshot s = null;
        long[] ms = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            long a = System.nanoTime();
            s = book.snapshot();
            ms[i] = System.nanoTime() - a;
        }
        java.util.Arrays.sort(ms);
        System.out.printf(Locale.ROOT, "queue snapshot (%,d queued): median %.2f ms, p90 %.2f ms%n", s.queued().size(),
                ms[rounds / 2] / 1e6, ms[rounds * 9 / 10] / 1e6);
    }

    private static byte[] list(int n) throws Exception {
        ObjectNode pending = (ObjectNode) KubeJson.MAPPER.readTree(Fixtures.bytes("upstream/kueue-v0.19.2/objects/workload-pending.json"));
        ObjectNode admitted = (ObjectNode) KubeJson.MAPPER.readTree(Fixtures.bytes("upstream/kueue-v0.19.2/objects/workload-admitted.json"));
        ObjectNode root = KubeJson.MAPPER.createObjectNode();
        root.put("kind", "WorkloadList");
        ArrayNode items = root.putArray("items");
        for (int i = 0; i < n; i++) {
            ObjectNode w = (i % 2 == 0 ? pending : admitted).deepCopy();
            ObjectNode meta = (ObjectNode) w.path("metadata");
            meta.put("name", "job-run-" + i + "-" + Integer.toHexString(i * 7919));
            meta.put("namespace", "team-" + (i % 40));
            meta.put("uid", java.util.UUID.randomUUID().toString());
            meta.put("resourceVersion", Integer.toString(1000 + i));
            ((ObjectNode) meta.path("ownerReferences").get(0)).put("name", "run-" + i);
            items.add(w);
        }
        return KubeJson.MAPPER.writeValueAsBytes(root);
    }

    private static List<KueueObject> project(byte[] list) throws Exception {
        KueueProjector p = new KueueProjector(KueueKind.WORKLOAD);
        List<KueueObject> out = new ArrayList<>();
        try (JsonParser parser = KubeJson.MAPPER.createParser(list)) {
            while (parser.nextToken() != null) {
                if (parser.currentToken() == JsonToken.FIELD_NAME && "items".equals(parser.currentName())) {
                    parser.nextToken();
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        out.add(p.read(parser).item());
                    }
                }
            }
        }
        return out;
    }
}
