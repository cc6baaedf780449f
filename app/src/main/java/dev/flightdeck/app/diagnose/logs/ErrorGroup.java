package dev.flightdeck.app.diagnose.logs;

import java.time.Instant;

/**
 * One error message across a gang: its kind, the normalised message, the ranks that showed it (sorted), when it was
 * first seen and by which rank, how many lines said it in all, and whether it is the first failure's own error.
 */
public record ErrorGroup(ErrorKind kind, String message, int[] ranks, Instant firstAt, int firstRank, int lines,
                         boolean first) {

    /** {@code rank 5} / {@code ranks 0–4, 6–15}. */
    public String rankText() {
        return RankRanges.format(ranks);
    }
}
