package dev.flightdeck.app.gangs;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One gang-scheduled job: its ranks, whether it can make progress, and why not.
 *
 * @param expected    ranks the gang needs (from the gang object when known, else the ranks seen)
 * @param gpusPerRank GPUs requested by one rank (the largest seen)
 * @param atRisk      some rank sits on a node whose GPUs are not trusted
 * @param annotations the workload's flightdeck.dev/ annotations (checkpoint source), as the ranks carry them
 */
public record Gang(GangKey key, int expected, int present, int ready, int gpusPerRank, int gpusTotal,
                   int nodesUsed, Instant created, GangVerdict verdict, List<String> reasons, boolean atRisk,
                   List<RankSlot> ranks, Map<String, String> annotations) {

    public Gang {
        reasons = List.copyOf(reasons);
        ranks = List.copyOf(ranks);
        annotations = Map.copyOf(annotations);
    }

    public String reasonText() {
        return String.join("; ", reasons);
    }
}
