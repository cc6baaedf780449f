package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.List;

/**
 * A load shape for the scale benchmark, not a schedulable fleet: {@code gangs} Indexed
 * Jobs of {@code ranksPerGang} one-GPU ranks, dealt round-robin over the nodes with no
 * regard to GPU capacity (the sandbox has no scheduler). It exists to measure the
 * console's gang model at 1,000 gangs and 100k ranks; one rank in every 97th gang is
 * Failed so the halted path is exercised too.
 */
final class GangLoadSeeder {

    private final ObjectStore store;
    private final Instant now;

    GangLoadSeeder(ObjectStore store, Instant now) {
        this.store = store;
        this.now = now;
    }

    /** @param firstGangRanks ranks of gang 0 (a large job to select on the gangs screen), or ranksPerGang */
    void seed(List<String> nodes, int gangs, int ranksPerGang, int firstGangRanks) throws StoreException {
        int next = 0;
        for (int g = 0; g < gangs; g++) {
            String job = "load-" + g;
            Instant started = now.minusSeconds(3600L + g);
            int ranks = g == 0 ? firstGangRanks : ranksPerGang;
            for (int r = 0; r < ranks; r++) {
                ObjectNode pod = PodTemplates.indexedJobRank("load", job, r, nodes.get(next++ % nodes.size()), 1, started);
                if (g % 97 == 0 && r == ranks / 2) {
                    PodTemplates.failed(pod, "trainer", "Error", 1, "NCCL error: unhandled system error",
                            now.minusSeconds(20 * 60));
                }
                store.create("pods", pod);
            }
        }
    }
}
