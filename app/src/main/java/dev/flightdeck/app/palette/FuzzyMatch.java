package dev.flightdeck.app.palette;

/**
 * How well a typed query matches a name, as a command palette ranks: the query's letters must appear in the
 * name in order (a subsequence, so "gn13" finds gpu-node-013), and the closer the typing is to how a person
 * shortens a name, the higher the score: the name itself, then a prefix, then letters at the start of its
 * words (after '-', '/', '_', '.', ' '), then letters in one run; scattered letters score least. Both strings
 * are expected lower-case; spaces in the query are ignored ("rlhf rank 5" finds "training/rlhf-actor rank 5").
 */
public final class FuzzyMatch {

    /** No match. */
    public static final int NONE = Integer.MIN_VALUE;

    static final int MATCHED = 1;
    static final int RUN = 5;
    static final int WORD_START = 8;
    static final int PREFIX = 20;
    static final int WHOLE = 60;
    /** Starting points tried: enough to prefer a later word start over an early stray letter, bounded for speed. */
    private static final int STARTS = 4;

    private FuzzyMatch() {
    }

    /** The query as matched: lower-case, without spaces. */
    public static String normalise(String query) {
        StringBuilder b = new StringBuilder(query.length());
        for (int i = 0; i < query.length(); i++) {
            char c = query.charAt(i);
            if (!Character.isWhitespace(c)) {
                b.append(Character.toLowerCase(c));
            }
        }
        return b.toString();
    }

    /**
     * The score of {@code name} (lower-case) for {@code query} ({@link #normalise normalised}), or {@link #NONE}.
     * An empty query matches everything with 0.
     */
    public static int score(String name, String query) {
        int m = query.length();
        if (m == 0) {
            return 0;
        }
        if (m > name.length()) {
            return NONE;
        }
        char first = query.charAt(0);
        int best = NONE;
        int from = 0;
        for (int tries = 0; tries < STARTS; tries++) {
            int start = name.indexOf(first, from);
            if (start < 0) {
                break;
            }
            int s = scoreFrom(name, query, start);
            if (s == NONE) {
                break; // a later start has fewer letters left: it cannot match either
            }
            best = Math.max(best, s);
            from = start + 1;
        }
        if (best != NONE && name.length() == m && name.equals(query)) {
            best += WHOLE;
        }
        return best;
    }

    /** The letters matched greedily from {@code start}, scored; NONE when they run out. */
    private static int scoreFrom(String name, String query, int start) {
        int score = start == 0 ? PREFIX : -Math.min(start, 10);
        int last = -2;
        int pos = start;
        for (int q = 0; q < query.length(); q++) {
            int at = next(name, query, q, pos);
            if (at < 0) {
                return NONE;
            }
            score += MATCHED;
            if (at == last + 1) {
                score += RUN;
            } else if (last >= 0) {
                score -= Math.min(at - last - 1, 5); // a gap costs, a little
            }
            if (wordStart(name, at)) {
                score += WORD_START;
            }
            last = at;
            pos = at + 1;
        }
        // Of two names matched alike, the shorter is closer to what was typed.
        return score - (name.length() - query.length()) / 8;
    }

    /**
     * Where query letter {@code q} is taken, from {@code pos} on: the very next letter when it matches (a run);
     * else the next start of a word holding it, if the rest of the query still fits after it; else the next one.
     */
    private static int next(String name, String query, int q, int pos) {
        char c = query.charAt(q);
        if (pos < name.length() && name.charAt(pos) == c) {
            return pos;
        }
        int any = name.indexOf(c, pos);
        if (any < 0 || wordStart(name, any)) {
            return any;
        }
        for (int i = any + 1; i < name.length(); i++) {
            if (name.charAt(i) == c && wordStart(name, i)) {
                return fits(name, query, q + 1, i + 1) ? i : any;
            }
        }
        return any;
    }

    /** Whether query letters from {@code q} on appear in order in {@code name} from {@code pos}. */
    private static boolean fits(String name, String query, int q, int pos) {
        for (; q < query.length(); q++) {
            pos = name.indexOf(query.charAt(q), pos);
            if (pos < 0) {
                return false;
            }
            pos++;
        }
        return true;
    }

    private static boolean wordStart(String name, int i) {
        if (i == 0) {
            return true;
        }
        char before = name.charAt(i - 1);
        return before == '-' || before == '/' || before == '_' || before == '.' || before == ' ' || before == ':';
    }
}
