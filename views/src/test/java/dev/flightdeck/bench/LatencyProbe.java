package dev.flightdeck.bench;

import dev.flightdeck.sandbox.SandboxChurnLoad;
import dev.flightdeck.views.nodes.NodeRow;
import dev.flightdeck.views.nodes.NodesViewModel;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Server sends → screen shows: the churn load announces each node write with its
 * resourceVersion; after every layout pass (a scene post-layout pulse listener, so
 * the rows were updated and laid out in that pulse) the probe checks the writes still
 * outstanding against the rows. Work per pulse is bounded by the writes in flight,
 * never by the fleet.
 */
final class LatencyProbe implements SandboxChurnLoad.ReadyFlips {

    private record Write(long resourceVersion, long sentNanos) { }

    private final Queue<Map.Entry<String, Write>> incoming = new ConcurrentLinkedQueue<>();
    private final Map<String, Write> outstanding = new HashMap<>();
    private final NodesViewModel nodes;
    private volatile Distribution current = new Distribution();

    LatencyProbe(NodesViewModel nodes) {
        this.nodes = nodes;
    }

    @Override
    public void written(String node, long resourceVersion, long nanoTime) {
        incoming.add(Map.entry(node, new Write(resourceVersion, nanoTime)));
    }

    /** Where the next latencies go (one distribution per phase). */
    void into(Distribution d) {
        current = d;
    }

    /** FX thread, after layout. */
    void check() {
        for (Map.Entry<String, Write> e; (e = incoming.poll()) != null; ) {
            outstanding.put(e.getKey(), e.getValue()); // a later write of the same node supersedes
        }
        long now = System.nanoTime();
        Distribution d = current;
        for (Iterator<Map.Entry<String, Write>> it = outstanding.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Write> e = it.next();
            NodeRow row = nodes.row(e.getKey());
            if (row != null && Long.parseLong(row.node().facts().resourceVersion()) >= e.getValue().resourceVersion()) {
                d.add((now - e.getValue().sentNanos()) / 1e6);
                it.remove();
            }
        }
    }

    /** Writes not shown yet. */
    int outstanding() {
        return outstanding.size() + incoming.size();
    }
}
