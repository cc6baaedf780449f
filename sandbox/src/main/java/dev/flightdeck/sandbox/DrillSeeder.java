package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The starting cluster of a drill: healthy GPU nodes (no standing trouble, so every
 * problem on screen is one the drill injected), the node daemons a drain must skip, and
 * the drill's gangs as Indexed Jobs with one rank per node. Each gang saves PyTorch DCP
 * checkpoints into the sandbox's object storage (four complete saves, the newest as old
 * as the scenario says) and names that prefix with {@code flightdeck.dev/checkpoint-prefix};
 * its trainer ({@link SandboxTrainers}) goes on saving while the gang runs. A load shape
 * for rehearsal, not a copy of any real cluster.
 */
final class DrillSeeder {

    /** A gang to start with: {@code lastCheckpoint} is when its newest complete checkpoint was saved. */
    record Gang(String namespace, String name, int ranks, int gpusPerRank, Duration checkpointEvery,
                Instant lastCheckpoint, long step) { }

    /** Steps between two saves: the step numbers only tell saves apart and order them. */
    static final long STEPS_PER_SAVE = 100;

    private final ObjectStore store;
    private final SandboxBuckets buckets;
    private final SandboxTrainers trainers;
    private final Instant now;

    DrillSeeder(ObjectStore store, SandboxBuckets buckets, SandboxTrainers trainers, Instant now) {
        this.store = store;
        this.buckets = buckets;
        this.trainers = trainers;
        this.now = now;
    }

    /** The healthy nodes and their daemons, with no gang yet. */
    void seedNodes(int nodes) throws StoreException {
        ClusterSeeder.seedNamespaces(store);
        store.create("nodes", NodeTemplates.systemNode("system-node-0", now));
        ClusterSeeder.seedDaemonSets(store, nodes, now);
        int podIds = 0;
        for (int i = 0; i < nodes; i++) {
            String name = ClusterSeeder.nodeName(i, nodes);
            store.create("nodes", NodeTemplates.gpuNode(name, i, now));
            for (String ds : ClusterSeeder.DAEMONSETS) {
                store.create("pods", PodTemplates.daemonPod(ClusterSeeder.daemonSetNamespace(ds), ds, podIds++, name, 0,
                        now.minusSeconds(86_400)));
            }
        }
    }

    /** The gangs, on the {@code nodes} seeded before. */
    void seedGangs(int nodes, List<Gang> gangs) throws StoreException {
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
                        ClusterSeeder.nodeName(node % nodes, nodes), g.gpusPerRank(), started));
            }
            ObjectNode job = PodTemplates.indexedJob(g.namespace(), g.name(), g.ranks(), g.gpusPerRank(), started);
            new SandboxCheckpoints(buckets).dcp(job, g.lastCheckpoint(), g.step(), STEPS_PER_SAVE, g.checkpointEvery(),
                    false);
            String prefix = job.path("metadata").path("annotations").path("flightdeck.dev/checkpoint-prefix").asText()
                    .substring(("s3://" + SandboxS3Server.BUCKET + "/").length());
            trainers.add(new SandboxTrainers.Trainer(g.namespace(), g.name(), g.ranks(), prefix, g.checkpointEvery(),
                    STEPS_PER_SAVE), g.lastCheckpoint(), g.step());
            store.create("batch/jobs", job);
        }
    }
}
