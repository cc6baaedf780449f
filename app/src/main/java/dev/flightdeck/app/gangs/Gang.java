package dev.flightdeck.app.gangs;

import java.time.Instant;
import java.util.Comparator;
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

    /** Worst verdict first; then gangs at risk; then the largest; then by name (the Gangs screen and {@code check}). */
    public static final Comparator<Gang> WORST_FIRST = Comparator.comparing(Gang::verdict)
            .thenComparing(g -> !g.atRisk())
            .thenComparing(Comparator.comparingInt(Gang::gpusTotal).reversed())
            .thenComparing(Gang::key, GangKey.ORDER);

    public Gang {
        reasons = List.copyOf(reasons);
        ranks = List.copyOf(ranks);
        annotations = Map.copyOf(annotations);
    }

    public String reasonText() {
        return String.join("; ", reasons);
    }

    /** The verdict in words, with "at risk" when a rank sits on an untrusted node: {@code running · at risk}. */
    public String statusLabel() {
        return atRisk ? verdict.label() + " · at risk" : verdict.label();
    }

    /**
     * Whether an operator should look at it: it cannot make progress, or it runs with a rank on
     * a node whose GPUs are not trusted (one Xid away from halting). Finished gangs never need it, nor
     * queued ones: waiting for quota is the queue working, and {@code check} lists them with their queue.
     */
    public boolean needsAttention() {
        return verdict != GangVerdict.FINISHED && verdict != GangVerdict.QUEUED
                && (verdict != GangVerdict.RUNNING || atRisk);
    }
}
