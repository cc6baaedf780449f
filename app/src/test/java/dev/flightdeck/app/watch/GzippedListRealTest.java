package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real kube-apiserver gzips a LIST answer over 128 KiB for a client that asks, and the console's watcher reads it
 * as the server stored it: a namespace's ConfigMaps, one of them 300 KB, each read with its data whole; the answer
 * counted as it crossed the wire, a fraction of its JSON.
 */
@ExtendWith(RealKube.class)
class GzippedListRealTest {

    @Test
    void aListTheRealServerGzipsIsReadAsStored(RealCluster real) throws Exception {
        String ns = real.namespace("gzip");
        String line = "rank 5 failed: NCCL error: unhandled system error, NET/IB : Got completion with error 12\n";
        Map<String, Integer> stored = new TreeMap<>(Map.of("big", line.repeat(3_500).length(), "small", line.length()));
        for (Map.Entry<String, Integer> e : stored.entrySet()) {
            real.admin().configMaps().inNamespace(ns).resource(new ConfigMapBuilder().withNewMetadata()
                    .withName(e.getKey()).addToLabels("flightdeck.test/list", "gzip").endMetadata()
                    .addToData("log", line.repeat(e.getValue() / line.length())).build()).create();
        }
        Map<String, Integer> read = new ConcurrentHashMap<>();
        // Each ConfigMap as its name and the length of its data, as read.
        Projector<Map.Entry<String, Integer>> sizes = p -> {
            JsonNode cm = KubeJson.MAPPER.readTree(p);
            return new Projector.Projected<>(Map.entry(cm.path("metadata").path("name").asText(),
                    cm.path("data").path("log").asText().length()), cm.path("metadata").path("resourceVersion").asText());
        };
        try (ResourceWatcher<Map.Entry<String, Integer>> watcher = new ResourceWatcher<>(real.adminEndpoint(),
                "/api/v1/namespaces/" + ns + "/configmaps?labelSelector=flightdeck.test%2Flist%3Dgzip", "configmaps",
                sizes, e -> {
            if (e instanceof WatchEvent.Relisted<Map.Entry<String, Integer>> r) {
                r.items().forEach(i -> read.put(i.getKey(), i.getValue()));
            }
        }, 500)) {
            watcher.start();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (watcher.health().phase() != WatchPhase.LIVE && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(WatchPhase.LIVE, watcher.health().phase(), watcher.health().describe());
            assertEquals(stored, new TreeMap<>(read), "every ConfigMap read with its data whole");
            long json = stored.values().stream().mapToLong(Integer::longValue).sum();
            System.out.printf("figure: a LIST of %,d bytes of data crossed the wire as %,d bytes%n", json,
                    watcher.listBytesOnWire());
            assertTrue(watcher.listBytesOnWire() < json / 10, "gzipped by the server: " + watcher.listBytesOnWire()
                    + " bytes on the wire for " + json + " bytes of data");
        }
    }
}
