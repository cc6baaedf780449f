package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankState;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Kept gang by gang, the summaries must equal what a rebuild from all gangs says. */
class GangSummariesTest {

    private static final GangSystem[] SYSTEMS = {GangSystem.JOBSET, GangSystem.INDEXED_JOB, GangSystem.MPIJOB};
    private static final GangVerdict[] VERDICTS = GangVerdict.values();

    @Test
    void incrementalEqualsRebuiltAfterRandomChurn() {
        Random random = new Random(7);
        Map<GangKey, Gang> live = new HashMap<>();
        GangSummaries kept = new GangSummaries();
        for (int step = 0; step < 2_000; step++) {
            String ns = "team-" + random.nextInt(4);
            String name = "job-" + random.nextInt(40);
            Gang next = random.nextInt(5) == 0 ? null : gang(random, ns, name);
            GangKey key = new GangKey(systemOf(name), ns, name);
            Gang old = live.remove(key);
            if (next != null) {
                live.put(next.key(), next);
            }
            if (old != null && next != null) {
                kept.replace(old, next);
            } else if (old != null) {
                kept.remove(old);
            } else if (next != null) {
                kept.add(next);
            }
        }
        GangSummaries rebuilt = new GangSummaries();
        live.values().forEach(rebuilt::add);

        assertEquals(rebuilt.header(), kept.header());
        assertEquals(rebuilt.namespaces(), kept.namespaces());
        assertEquals(rebuilt.systems(), kept.systems());
        for (int n = 0; n < 64; n++) {
            String node = "gpu-node-%03d".formatted(n);
            assertEquals(rebuilt.ranksOn(node), kept.ranksOn(node), node);
        }
    }

    @Test
    void ranksOnANodeAreByGangThenRank() {
        GangSummaries s = new GangSummaries();
        s.add(TestGangs.gang(GangSystem.JOBSET, "b", "late", GangVerdict.RUNNING, 4, 4, 8,
                r -> RankState.RUNNING, List.of(), false, Map.of()));
        s.add(TestGangs.gang(GangSystem.JOBSET, "a", "early", GangVerdict.RUNNING, 4, 4, 8,
                r -> RankState.RUNNING, List.of(), false, Map.of()));
        assertEquals(List.of("a/early 0", "a/early 1", "a/early 2", "a/early 3", "b/late 0", "b/late 1", "b/late 2",
                "b/late 3"), s.ranksOn("gpu-node-000").stream().map(r -> r.gang() + " " + r.slot().rank()).toList());
    }

    private static GangSystem systemOf(String name) {
        return SYSTEMS[Math.floorMod(name.hashCode(), SYSTEMS.length)];
    }

    private static Gang gang(Random random, String ns, String name) {
        GangSystem system = systemOf(name);
        int size = 1 + random.nextInt(24);
        return TestGangs.gang(system, ns, name, VERDICTS[random.nextInt(VERDICTS.length)], size,
                1 + random.nextInt(8), 8, r -> RankState.RUNNING, List.of(), random.nextBoolean(), Map.of());
    }
}
