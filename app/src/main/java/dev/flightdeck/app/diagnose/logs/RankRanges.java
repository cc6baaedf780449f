package dev.flightdeck.app.diagnose.logs;

import java.util.Arrays;

/** Rank numbers as people write them: {@code rank 5}, {@code ranks 0–4, 6–15}, cut short past a dozen ranges. */
public final class RankRanges {

    static final int MAX_RANGES = 12;

    private RankRanges() {
    }

    /** {@code rank 5} / {@code ranks 0–4, 6–15}; ranks need not be sorted or distinct. */
    public static String format(int[] ranks) {
        int[] r = Arrays.stream(ranks).distinct().sorted().toArray();
        if (r.length == 0) {
            return "no ranks";
        }
        StringBuilder b = new StringBuilder(r.length == 1 ? "rank " : "ranks ");
        int ranges = 0;
        int i = 0;
        while (i < r.length) {
            int j = i;
            while (j + 1 < r.length && r[j + 1] == r[j] + 1) {
                j++;
            }
            if (ranges == MAX_RANGES) {
                b.append(", … (").append(r.length).append(" ranks)");
                break;
            }
            if (ranges > 0) {
                b.append(", ");
            }
            b.append(r[i]);
            if (j > i) {
                b.append(j == i + 1 ? ", " : "–").append(r[j]);
            }
            ranges++;
            i = j + 1;
        }
        return b.toString();
    }
}
