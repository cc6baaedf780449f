package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.gangs.GangKey;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A gang's logs at a glance, complete or while it fills in: which rank failed first, every rank's errors grouped by
 * message across ranks, and each rank's {@link RankLog} (rank order). {@code ranksRead} of {@code ranks} are in; the
 * figures say what reading them cost.
 *
 * @param complete  every rank was read (or found to have no log)
 * @param cancelled the reading was stopped before it completed
 */
public record GangLogSummary(GangKey gang, int ranks, int ranksRead, Optional<FirstFailure> firstFailure,
                             List<ErrorGroup> groups, List<RankLog> rankLogs, LogCounters.Figures figures,
                             Duration elapsed, boolean complete, boolean cancelled) {

    public GangLogSummary {
        groups = List.copyOf(groups);
        rankLogs = List.copyOf(rankLogs);
    }

    /** The summary of the ranks read so far: a pure function of them. */
    public static GangLogSummary of(GangKey gang, int ranks, List<RankLog> read, LogCounters.Figures figures,
                                    Duration elapsed, boolean complete, boolean cancelled) {
        List<RankLog> byRank = read.stream().sorted(Comparator.comparingInt(RankLog::rank)).toList();
        Optional<FirstFailure> first = FirstFailure.of(byRank);
        return new GangLogSummary(gang, ranks, byRank.size(), first, ErrorGroups.of(byRank, first), byRank, figures,
                elapsed, complete, cancelled);
    }

    /**
     * Failed and crashing ranks, the first failure first, then by when they ended (then by rank): the order their
     * tails are worth reading in.
     */
    public List<RankLog> troubledFirstFailureFirst() {
        int firstRank = firstFailure.map(FirstFailure::rank).orElse(-1);
        return rankLogs.stream().filter(RankLog::troubled)
                .sorted(Comparator.comparing((RankLog r) -> r.rank() != firstRank)
                        .thenComparing(r -> r.termination() == null || r.termination().finishedAt() == null
                                ? java.time.Instant.MAX : r.termination().finishedAt())
                        .thenComparingInt(RankLog::rank))
                .toList();
    }

    /** The other ranks, by rank. */
    public List<RankLog> others() {
        return rankLogs.stream().filter(r -> !r.troubled()).toList();
    }

    /** The rank numbered {@code rank}, if it was read. */
    public Optional<RankLog> rank(int rank) {
        return rankLogs.stream().filter(r -> r.rank() == rank).findFirst();
    }
}
