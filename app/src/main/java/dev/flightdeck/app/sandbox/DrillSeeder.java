package dev.flightdeck.app.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.List;

/**
 * The starting cluster of a drill: healthy GPU nodes (no standing trouble, so every
 * problem on screen is one the drill injected), the node daemons a drain must skip, and
 * the drill's gangs as Indexed Jobs with one rank per node and the checkpoint annotations
 * their trainers write. A load shape for rehearsal, not a copy of any real cluster.
 */
final class DrillSeeder {

    /** A gang to start with: {@code lastCheckpoint} is when its newest complete checkpoint was saved. */
    record Gang(String namespace, String name, int ranks, int gpusPerRank, Instant lastCheckpoint, long step) { }

    private final ObjectStore store;
    private final Instant now;

    DrillSeeder(ObjectStore store, Instant now) {
        this.store = store;
        this.now = now;
    }

    void seed(int nodes, List<Gang> gangs) throws StoreException {
        FleetSeeder.seedNamespaces(store);
        store.create("nodes", NodeTemplates.systemNode("system-node-0", now));
        FleetSeeder.seedDaemonSets(store, nodes, now);
        int podIds = 0;
        for (int i = 0; i < nodes; i++) {
            String name = FleetSeeder.nodeName(i, nodes);
            store.create("nodes", NodeTemplates.gpuNode(name, i, now));
            for (String ds : FleetSeeder.DAEMONSETS) {
                store.create("pods", PodTemplates.daemonPod(FleetSeeder.daemonSetNamespace(ds), ds, podIds++, name, 0,
                        now.minusSeconds(86_400)));
            }
        }
        // Ranks fill the nodes in order, as many to a node as its 8 GPUs hold.
        int node = 0;
        int free = 8;
        for (Gang g : gangs) {
            Instant started = now.minusSeconds(3 * 3600);
            for (int r = 0; r < g.ranks(); r++) {
                if (free < g.gpusPerRank()) {
                    node++;
                    free = 8;
                }
                free -= g.gpusPerRank();
                store.create("pods", PodTemplates.indexedJobRank(g.namespace(), g.name(), r,
                        FleetSeeder.nodeName(node % nodes, nodes), g.gpusPerRank(), started));
            }
            ObjectNode job = PodTemplates.indexedJob(g.namespace(), g.name(), g.ranks(), started);
            PodTemplates.checkpointAnnotations(job, "s3://checkpoints/" + g.name() + "/step-" + g.step() + "/",
                    g.lastCheckpoint(), g.step());
            store.create("batch/jobs", job);
        }
    }

}
