package dev.flightdeck.app.watch;

import dev.flightdeck.app.nodes.NodeFacts;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A LIST asks for gzip, as Go's clients do, and reads a gzipped answer as it reads a plain one; its size is counted as
 * it crossed the wire. A watch does not ask (the API server does not compress watches). An answer labelled with an
 * encoding the console never asked for is one clear line in the kind's health, not a parse error.
 */
class GzippedListTest {

    @Test
    void aGzippedListIsReadWholeAndCountedAsItCrossedTheWire() throws Exception {
        List<WatchEvent<NodeFacts>> seen = new CopyOnWriteArrayList<>();
        try (NodesStubServer server = new NodesStubServer(FirstListStreamingTest::threePages, 2_000).gzipWhenAsked("gzip");
             ResourceWatcher<NodeFacts> watcher = new ResourceWatcher<>(server.endpoint(), "/api/v1/nodes", "nodes",
                     new NodeProjector(), seen::add, 2)) {
            watcher.start();
            awaitLive(watcher);
            WatchEvent.Relisted<NodeFacts> whole = (WatchEvent.Relisted<NodeFacts>) seen.getFirst();
            assertEquals(List.of("gpu-1", "gpu-2", "gpu-3", "gpu-4", "gpu-5"), whole.items().stream().map(NodeFacts::name).toList());
            List<String> asked = List.copyOf(server.acceptEncodings);
            assertEquals(List.of("gzip ? limit=2", "gzip ? limit=2&continue=c1", "gzip ? limit=2&continue=c2"),
                    asked.stream().filter(a -> !a.contains("watch=1")).toList(), "every page of the LIST asks for gzip");
            assertTrue(asked.stream().filter(a -> a.contains("watch=1")).allMatch(a -> a.startsWith(" ? ")),
                    "the watch does not: " + asked);
            long plain = 0;
            for (String page : List.of("limit=2", "limit=2&continue=c1", "limit=2&continue=c2")) {
                plain += FirstListStreamingTest.threePages(page).length;
            }
            assertTrue(watcher.listBytesOnWire() > 0 && watcher.listBytesOnWire() < plain / 3,
                    "counted gzipped: " + watcher.listBytesOnWire() + " bytes on the wire of " + plain + " of JSON");
        }
    }

    @Test
    void anAnswerInAnEncodingNeverAskedForIsOneClearLine() throws Exception {
        try (NodesStubServer server = new NodesStubServer(FirstListStreamingTest::threePages, 2_000).gzipWhenAsked("br");
             ResourceWatcher<NodeFacts> watcher = new ResourceWatcher<>(server.endpoint(), "/api/v1/nodes", "nodes",
                     new NodeProjector(), e -> { }, 2)) {
            watcher.start();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (watcher.health().phase() != WatchPhase.RECONNECTING && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(WatchPhase.RECONNECTING, watcher.health().phase(), watcher.health().describe());
            assertEquals("IOException: the answer to the LIST of nodes came in an encoding the console did not ask for (\"br\")",
                    watcher.health().reason());
        }
    }

    private static void awaitLive(ResourceWatcher<?> watcher) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (watcher.health().phase() != WatchPhase.LIVE && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(WatchPhase.LIVE, watcher.health().phase(), watcher.health().describe());
    }
}
