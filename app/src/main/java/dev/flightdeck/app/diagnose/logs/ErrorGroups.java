package dev.flightdeck.app.diagnose.logs;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The error lines of every rank grouped by message across ranks: "ranks 0–4, 6–15: Watchdog caught collective
 * operation timeout" instead of fifteen lines. Groups come in the order their first line was logged (errors without
 * a time after those with one), then causes before symptoms ({@link ErrorKind}'s order). A pure function.
 */
public final class ErrorGroups {

    private ErrorGroups() {
    }

    public static List<ErrorGroup> of(List<RankLog> ranks, Optional<FirstFailure> firstFailure) {
        Map<String, Builder> byMessage = new HashMap<>();
        for (RankLog r : ranks) {
            for (ErrorLine e : r.errors()) {
                byMessage.computeIfAbsent(e.kind() + "\u0000" + e.message(), k -> new Builder(e.kind(), e.message()))
                        .add(r.rank(), e);
            }
        }
        List<ErrorGroup> groups = new ArrayList<>(byMessage.size());
        ErrorLine firstError = firstFailure.map(FirstFailure::error).orElse(null);
        int firstRank = firstFailure.map(FirstFailure::rank).orElse(-1);
        for (Builder b : byMessage.values()) {
            groups.add(b.build(firstError, firstRank));
        }
        groups.sort(Comparator.comparing(ErrorGroup::firstAt, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(ErrorGroup::kind).thenComparing(ErrorGroup::message));
        return groups;
    }

    private static final class Builder {
        private final ErrorKind kind;
        private final String message;
        private int[] ranks = new int[4];
        private int size;
        private Instant firstAt;
        private int firstRank = Integer.MAX_VALUE;
        private int lines;

        Builder(ErrorKind kind, String message) {
            this.kind = kind;
            this.message = message;
        }

        void add(int rank, ErrorLine e) {
            if (size == ranks.length) {
                ranks = java.util.Arrays.copyOf(ranks, size * 2);
            }
            ranks[size++] = rank;
            lines += e.count();
            boolean earlier = e.at() != null && (firstAt == null || e.at().isBefore(firstAt)
                    || e.at().equals(firstAt) && rank < firstRank);
            if (earlier || firstAt == null && e.at() == null && rank < firstRank) {
                firstAt = e.at();
                firstRank = rank;
            }
        }

        ErrorGroup build(ErrorLine firstError, int firstFailureRank) {
            int[] sorted = java.util.Arrays.copyOf(ranks, size);
            java.util.Arrays.sort(sorted);
            boolean first = firstError != null && firstError.kind() == kind && firstError.message().equals(message)
                    && java.util.Arrays.binarySearch(sorted, firstFailureRank) >= 0;
            return new ErrorGroup(kind, message, sorted, firstAt, firstRank, lines, first);
        }
    }
}
