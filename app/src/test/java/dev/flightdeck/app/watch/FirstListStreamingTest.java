package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.nodes.NodeFacts;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * A watcher asked to stream its first LIST hands each page on as it arrives, with how far the list has come by the
 * server's remainingItemCount, and ends it with the page that says the list is whole; no Relisted follows. A first
 * LIST that breaks half-way is made again whole, as one Relisted that replaces the pages already handed on.
 */
class FirstListStreamingTest {

    @Test
    void theFirstListArrivesPageByPageWithItsProgress() throws Exception {
        List<WatchEvent<NodeFacts>> seen = new CopyOnWriteArrayList<>();
        try (NodesStubServer server = new NodesStubServer(FirstListStreamingTest::threePages, 2_000);
             ResourceWatcher<NodeFacts> watcher = new ResourceWatcher<>(server.endpoint(), "/api/v1/nodes", "nodes",
                     new NodeProjector(), seen::add, 2).streamFirstList()) {
            watcher.start();
            awaitEvents(seen, 3);
            // Live comes after whatever the LIST hands on: a Relisted after the pages would be here by then.
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (watcher.health().phase() != WatchPhase.LIVE && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(3, seen.size(), "three pages, no Relisted after them: " + seen);
            assertPage(seen.get(0), List.of("gpu-1", "gpu-2"), new ListProgress(2, 3, false));
            assertPage(seen.get(1), List.of("gpu-3", "gpu-4"), new ListProgress(4, 1, false));
            assertPage(seen.get(2), List.of("gpu-5"), new ListProgress(5, 0, true));
            assertEquals(5, watcher.listProgress().expected());
            assertEquals(1, watcher.lists());
        }
    }

    @Test
    void aFirstListBrokenHalfWayIsMadeAgainWhole() throws Exception {
        List<WatchEvent<NodeFacts>> seen = new CopyOnWriteArrayList<>();
        AtomicInteger secondPages = new AtomicInteger();
        try (NodesStubServer server = new NodesStubServer(query -> query.contains("continue=c1")
                && secondPages.getAndIncrement() == 0 ? "{\"kind\":\"NodeList\",\"metad".getBytes(StandardCharsets.UTF_8)
                : threePages(query), 2_000);
             ResourceWatcher<NodeFacts> watcher = new ResourceWatcher<>(server.endpoint(), "/api/v1/nodes", "nodes",
                     new NodeProjector(), seen::add, 2).streamFirstList()) {
            watcher.start();
            awaitEvents(seen, 2);
            assertPage(seen.get(0), List.of("gpu-1", "gpu-2"), new ListProgress(2, 3, false));
            WatchEvent.Relisted<NodeFacts> whole = assertInstanceOf(WatchEvent.Relisted.class, seen.get(1),
                    "the second LIST replaces the first's pages whole: " + seen);
            assertEquals(List.of("gpu-1", "gpu-2", "gpu-3", "gpu-4", "gpu-5"), whole.items().stream().map(NodeFacts::name).toList());
            assertEquals(2, watcher.lists());
        }
    }

    @Test
    void aKindListedFromTheWatchCacheAsksForResourceVersionZeroOnlyTheFirstTime() throws Exception {
        List<String> listQueries = new CopyOnWriteArrayList<>();
        List<WatchEvent<NodeFacts>> seen = new CopyOnWriteArrayList<>();
        try (NodesStubServer server = new NodesStubServer(query -> {
            if (!query.contains("watch=1")) {
                listQueries.add(query);
            }
            return threePages(query);
        }, 2_000);
             ResourceWatcher<NodeFacts> watcher = new ResourceWatcher<>(server.endpoint(), "/api/v1/nodes", "nodes",
                     new NodeProjector(), seen::add, 2).streamFirstList().listFirstFromWatchCache()) {
            watcher.start();
            awaitEvents(seen, 3);
            assertEquals(3, listQueries.size(), String.valueOf(listQueries));
            org.junit.jupiter.api.Assertions.assertTrue(listQueries.getFirst().contains("resourceVersion=0"), listQueries.getFirst());
            org.junit.jupiter.api.Assertions.assertFalse(listQueries.get(1).contains("resourceVersion="),
                    "a continue token pins the version: " + listQueries.get(1));
        }
    }

    @Test
    void oneAnswerLargerThanAPageIsHandedOnAPageAtATime() throws Exception {
        // The watch cache ignores limit: 7,500 nodes come in one answer. The model and the screen take the first ones
        // in while the rest are read, a page's worth at a time; only the last says the list is whole.
        List<WatchEvent<NodeFacts>> seen = new CopyOnWriteArrayList<>();
        try (NodesStubServer server = new NodesStubServer(query -> (query.contains("watch=1") ? ""
                : list(null, -1, "gpu-1", "gpu-2", "gpu-3", "gpu-4", "gpu-5")).getBytes(StandardCharsets.UTF_8), 2_000);
             ResourceWatcher<NodeFacts> watcher = new ResourceWatcher<>(server.endpoint(), "/api/v1/nodes", "nodes",
                     new NodeProjector(), seen::add, 2).streamFirstList().listFirstFromWatchCache()) {
            watcher.start();
            awaitEvents(seen, 3);
            assertEquals(3, seen.size(), String.valueOf(seen));
            assertPage(seen.get(0), List.of("gpu-1", "gpu-2"), new ListProgress(2, -1, false));
            assertPage(seen.get(1), List.of("gpu-3", "gpu-4"), new ListProgress(4, -1, false));
            assertPage(seen.get(2), List.of("gpu-5"), new ListProgress(5, 0, true));
        }
    }

    private static void assertPage(WatchEvent<NodeFacts> event, List<String> names, ListProgress progress) {
        WatchEvent.Paged<NodeFacts> page = assertInstanceOf(WatchEvent.Paged.class, event);
        assertEquals(names, page.items().stream().map(NodeFacts::name).toList());
        assertEquals(progress, page.progress());
    }

    private static void awaitEvents(List<?> seen, int count) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (seen.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    /** Five nodes in pages of two, as kube-apiserver pages them: a continue token and the count still to come. */
    static byte[] threePages(String query) {
        String body;
        if (query.contains("watch=1")) {
            body = "";
        } else if (query.contains("continue=c2")) {
            body = list(null, -1, "gpu-5");
        } else if (query.contains("continue=c1")) {
            body = list("c2", 1, "gpu-3", "gpu-4");
        } else {
            body = list("c1", 3, "gpu-1", "gpu-2");
        }
        return body.getBytes(StandardCharsets.UTF_8);
    }

    private static String list(String cont, long remaining, String... names) {
        StringBuilder meta = new StringBuilder("{\"resourceVersion\":\"20\"");
        if (cont != null) {
            meta.append(",\"continue\":\"").append(cont).append('"');
        }
        if (remaining >= 0) {
            meta.append(",\"remainingItemCount\":").append(remaining);
        }
        meta.append('}');
        List<String> items = java.util.Arrays.stream(names).map(FirstListStreamingTest::node).toList();
        return "{\"kind\":\"NodeList\",\"apiVersion\":\"v1\",\"metadata\":" + meta + ",\"items\":["
                + String.join(",", items) + "]}";
    }

    private static String node(String name) {
        try {
            ObjectNode n = (ObjectNode) KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json"));
            ((ObjectNode) n.get("metadata")).put("name", name).put("resourceVersion", "20").put("uid", "uid-" + name);
            return KubeJson.MAPPER.writeValueAsString(n);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
