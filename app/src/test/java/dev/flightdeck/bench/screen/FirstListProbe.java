package dev.flightdeck.bench.screen;

import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.watch.NodeProjector;
import dev.flightdeck.app.watch.ResourceWatcher;
import dev.flightdeck.app.watch.WatchEvent;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The console's node LIST alone, in a JVM of its own with no window ({@link ColdNodeList} starts it): the first LIST
 * as a session makes it (from the watch cache, handed on a page at a time), then the same again, warm. Prints one line
 * per LIST: {@code list N: first page M ms, whole W ms, K nodes, B bytes on the wire}. What the console's own reading
 * of the answer costs when nothing else on the machine competes with it.
 */
public final class FirstListProbe {

    public static void main(String[] args) throws Exception {
        Path kubeconfig = Path.of(args[0]);
        int lists = Integer.parseInt(args[1]);
        ClusterConnection connection = ClusterConnection.open(
                new ConnectionTarget.Context(KubeconfigLoader.load(List.of(kubeconfig)), "real"), SessionOptions.DEFAULTS);
        for (int i = 0; i < lists; i++) {
            long start = System.nanoTime();
            AtomicLong firstPage = new AtomicLong();
            AtomicLong nodes = new AtomicLong();
            CountDownLatch whole = new CountDownLatch(1);
            try (ResourceWatcher<NodeFacts> watcher = new ResourceWatcher<>(connection.api(),
                    ApiResource.NODES.path().toString(), ApiResource.NODES.qualifiedName(), new NodeProjector(), e -> {
                if (e instanceof WatchEvent.Paged<NodeFacts> page) {
                    firstPage.compareAndSet(0, System.nanoTime());
                    nodes.addAndGet(page.items().size());
                    if (page.progress().whole()) {
                        whole.countDown();
                    }
                }
            }, SessionOptions.DEFAULTS.pageSize()).streamFirstList().listFirstFromWatchCache()) {
                watcher.start();
                if (!whole.await(120, TimeUnit.SECONDS)) {
                    System.out.println("list " + i + ": not whole within 120 s (" + watcher.health().describe() + ")");
                    System.exit(1);
                }
                System.out.printf("list %d: first page %d ms, whole %d ms, %d nodes, %d bytes on the wire%n", i,
                        (firstPage.get() - start) / 1_000_000, (System.nanoTime() - start) / 1_000_000, nodes.get(),
                        watcher.listBytesOnWire());
            }
        }
        connection.close();
        System.exit(0);
    }
}
