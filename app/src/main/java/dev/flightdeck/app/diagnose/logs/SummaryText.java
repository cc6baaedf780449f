package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.gangs.Gang;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A gang's log summary as text (the headless {@code logs} command; a view's copy): the first failure, the errors
 * grouped by message across ranks (the first failure's own error first, then in the order they were first logged),
 * ranks with no log and why, what reading cost; then the troubled ranks' tails, first failure first, and a compact
 * tail of every other rank. Times are UTC, as everywhere in the console's text. A pure function.
 */
public final class SummaryText {

    /** Messages printed before "… N more": a gang in real trouble has a handful; the rest are in the tails. */
    static final int MAX_GROUPS = 20;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private SummaryText() {
    }

    /** The summary's head: first failure, errors by message, ranks without a log, cost. */
    public static List<String> summary(Gang gang, GangLogSummary s) {
        List<String> out = new ArrayList<>();
        out.add(gang.key() + " · " + gang.key().system().label() + " · " + gang.ranks().size() + " ranks · "
                + gang.statusLabel() + " · times UTC");
        out.add(s.firstFailure().map(f -> "first failure: " + describe(f, s)).orElse(
                "first failure: none seen (no container ended badly and no rank logged an error)"));
        List<ErrorGroup> groups = ordered(s.groups());
        if (!groups.isEmpty()) {
            out.add("errors by message across ranks:");
            for (int i = 0; i < Math.min(groups.size(), MAX_GROUPS); i++) {
                out.add("  " + line(groups.get(i)));
            }
            if (groups.size() > MAX_GROUPS) {
                out.add("  … " + (groups.size() - MAX_GROUPS) + " more messages (in the ranks' tails below)");
            }
        }
        Map<String, List<Integer>> noLog = new LinkedHashMap<>();
        for (RankLog r : s.rankLogs()) {
            if (r.problem() != null) {
                noLog.computeIfAbsent(r.problem(), k -> new ArrayList<>()).add(r.rank());
            }
        }
        noLog.forEach((why, ranks) -> out.add("no log: " + RankRanges.format(ranks.stream().mapToInt(Integer::intValue).toArray())
                + ": " + why));
        long cut = s.rankLogs().stream().filter(RankLog::cut).count();
        if (cut > 0) {
            out.add("cut at limitBytes: " + cut + " rank(s)' logs (their last lines may be missing; ask for fewer lines)");
        }
        LogCounters.Figures f = s.figures();
        out.add(String.format(Locale.ROOT, "read %d of %d ranks · %d log requests (at most %d at once) · %s · %.1f s%s",
                s.ranksRead(), s.ranks(), f.requests(), f.peakInFlight(), bytes(f.bytes()), s.elapsed().toMillis() / 1000.0,
                s.cancelled() ? " · stopped" : ""));
        return out;
    }

    /** Failed and crashing ranks' tails (whole), first failure first; then every other rank's compact tail. */
    public static List<String> tails(GangLogSummary s, boolean timestamps) {
        List<String> out = new ArrayList<>();
        for (RankLog r : s.troubledFirstFailureFirst()) {
            List<LogLine> lines = r.telling();
            out.add("── " + head(r) + (r.crashedRunTail().isEmpty() ? "" : " · the run before its restart")
                    + " · last " + lines.size() + " lines" + (r.tailCut() ? " (cut: the view's byte cap)" : ""));
            lines.forEach(l -> out.add(l.render(timestamps)));
        }
        List<RankLog> others = s.others().stream().filter(r -> !r.tail().isEmpty()).toList();
        if (!others.isEmpty()) {
            out.add("── the other ranks, last lines of each");
            for (RankLog r : others) {
                out.add("── " + head(r));
                r.tail().forEach(l -> out.add("  " + l.render(timestamps)));
            }
        }
        return out;
    }

    /** {@code rank 5: NCCL error: unhandled system error (first, 14:02:11)}. */
    public static String line(ErrorGroup g) {
        String when = g.firstAt() == null ? "" : time(g.firstAt());
        String note = g.first() ? "first" + (when.isEmpty() ? "" : ", " + when) : when;
        return g.rankText() + ": " + g.message() + (note.isEmpty() ? "" : " (" + note + ")");
    }

    /** {@code rank 5 · failed · pod llm-5-x · gpu-node-021 · Error, exit code 1 at 14:02:11}. */
    public static String head(RankLog r) {
        StringBuilder b = new StringBuilder("rank ").append(r.rank());
        if (r.role() != null && !r.role().isEmpty()) {
            b.append(" (").append(r.role()).append(')');
        }
        b.append(" · ").append(r.state().label()).append(" · pod ").append(r.pod());
        if (r.node() != null) {
            b.append(" · ").append(r.node());
        }
        if (r.restarts() > 0) {
            b.append(" · ").append(r.restarts()).append(r.restarts() == 1 ? " restart" : " restarts");
        }
        if (r.termination() != null) {
            b.append(" · ").append(r.termination().describe());
            if (r.termination().finishedAt() != null) {
                b.append(" at ").append(time(r.termination().finishedAt()));
            }
        }
        return b.toString();
    }

    static String time(Instant at) {
        return TIME.format(at);
    }

    /** The first failure's own message first, the others as grouped. */
    private static List<ErrorGroup> ordered(List<ErrorGroup> groups) {
        List<ErrorGroup> out = new ArrayList<>(groups.size());
        groups.stream().filter(ErrorGroup::first).forEach(out::add);
        groups.stream().filter(g -> !g.first()).forEach(out::add);
        return out;
    }

    private static String describe(FirstFailure f, GangLogSummary s) {
        RankLog r = s.rank(f.rank()).orElse(null);
        String where = r == null ? "" : " · pod " + r.pod() + (r.node() == null ? "" : " on " + r.node());
        // What its log said comes first (the why), then how its container ended (the when).
        String said = f.error() == null || f.error().kind() == ErrorKind.EXITED ? "" : f.error().message() + " · ";
        String how = f.basis() == FirstFailure.Basis.TERMINATION && r != null && r.termination() != null
                ? said + r.termination().describe() + " at " + time(f.at()) : f.error().message() + " at " + time(f.at());
        return "rank " + f.rank() + where + " · " + how + " (" + f.basis().words() + ")";
    }

    static String bytes(long b) {
        if (b < 1024) {
            return b + " B";
        }
        if (b < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", b / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MiB", b / (1024.0 * 1024));
    }
}
