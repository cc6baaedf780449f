package dev.flightdeck.app.diagnose.logs;

/**
 * How much of a gang's logs a summary reads and keeps.
 *
 * @param tailLines    lines asked for per rank (and kept for a troubled rank), like {@code kubectl logs --tail}
 * @param compactTail  lines kept for a rank that is not troubled (the summary's "compact tail")
 * @param limitBytes   bytes read at most per rank and run ({@code limitBytes}): one rank's endless lines cannot
 *                     cost more than this
 * @param sinceSeconds only what was written in the last this many seconds, or null
 * @param previous     read the run before each rank's last restart instead of its current run
 * @param viewBytes    bytes of lines and errors the whole summary keeps at most, however many ranks: past it,
 *                     troubled ranks keep a compact tail and the others none ({@link RankLog#tailCut()}); once it
 *                     is spent, ranks keep their errors only, without the lines they were written in (~64 bytes
 *                     each, at most 16 per rank: their messages are one string per message for the whole gang)
 */
public record GangLogOptions(int tailLines, int compactTail, long limitBytes, Long sinceSeconds, boolean previous,
                             long viewBytes) {

    public static final int DEFAULT_TAIL = 200;
    public static final GangLogOptions DEFAULTS = new GangLogOptions(DEFAULT_TAIL, 5, 512 * 1024, null, false,
            16L * 1024 * 1024);

    public GangLogOptions {
        if (tailLines < 1 || compactTail < 0 || limitBytes < 1 || viewBytes < 1) {
            throw new IllegalArgumentException("a gang's log summary needs a positive tail, limit and byte cap");
        }
    }

    public GangLogOptions withTailLines(int n) {
        return new GangLogOptions(n, Math.min(compactTail, n), limitBytes, sinceSeconds, previous, viewBytes);
    }

    public GangLogOptions withSinceSeconds(Long s) {
        return new GangLogOptions(tailLines, compactTail, limitBytes, s, previous, viewBytes);
    }

    public GangLogOptions withPrevious(boolean p) {
        return new GangLogOptions(tailLines, compactTail, limitBytes, sinceSeconds, p, viewBytes);
    }

    public GangLogOptions withViewBytes(long b) {
        return new GangLogOptions(tailLines, compactTail, limitBytes, sinceSeconds, previous, b);
    }

    public GangLogOptions withLimitBytes(long b) {
        return new GangLogOptions(tailLines, compactTail, b, sinceSeconds, previous, viewBytes);
    }
}
