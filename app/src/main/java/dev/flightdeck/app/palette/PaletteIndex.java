package dev.flightdeck.app.palette;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The lines the command palette can offer, lower-cased once, and the ranking of them against what is typed.
 * A query starting with a verb's word ("drain gpu-node-013") ranks the objects that verb applies to by the rest
 * and offers the verb done to them; any other query ranks everything (screens, clusters, nodes, gangs, ranks and
 * the verbs themselves) by {@link FuzzyMatch}, recent choices raised. Only the best {@code limit} are kept
 * while ranking (a heap, not a sort of every match), so a fleet of 100k pods ranks in milliseconds.
 * Immutable once built; rank from any thread.
 */
public final class PaletteIndex {

    /** A line and its score, the higher the better. */
    public record Match(PaletteEntry entry, int score) { }

    private final List<PaletteEntry> entries;
    private final String[] text;
    private final String[] alias;

    /** @param entries the lines, in the order ties are listed (screens, clusters, nodes, gangs, ranks) */
    public PaletteIndex(List<PaletteEntry> entries) {
        List<PaletteEntry> all = new ArrayList<>(entries.size() + Verb.values().length);
        all.addAll(entries);
        for (Verb v : Verb.values()) {
            all.add(PaletteEntry.goTo(new Target.Command(v), v.word(), null, v.what()));
        }
        this.entries = List.copyOf(all);
        this.text = new String[all.size()];
        this.alias = new String[all.size()];
        for (int i = 0; i < all.size(); i++) {
            PaletteEntry e = all.get(i);
            text[i] = e.text().toLowerCase(Locale.ROOT);
            alias[i] = e.alias() == null ? null : e.alias().toLowerCase(Locale.ROOT);
        }
    }

    public int size() {
        return entries.size();
    }

    /** The best {@code limit} lines for {@code query}, best first. */
    public List<Match> rank(String query, RecentChoices.Snapshot recent, int limit) {
        String q = query == null ? "" : query.stripLeading();
        int space = indexOfSpace(q);
        Verb verb = space < 0 ? null : Verb.named(q.substring(0, space));
        if (verb != null) {
            return rankFor(verb, FuzzyMatch.normalise(q.substring(space)), recent, limit);
        }
        String n = FuzzyMatch.normalise(q);
        if (n.isEmpty()) {
            return recentFirst(recent, null, limit);
        }
        return best(n, null, recent, limit);
    }

    /** "drain …": the objects the verb applies to, ranked by the rest, offered as the verb done to them. */
    private List<Match> rankFor(Verb verb, String rest, RecentChoices.Snapshot recent, int limit) {
        List<Match> found = rest.isEmpty() ? recentFirst(recent, verb, limit) : best(rest, verb, recent, limit);
        return found.stream().map(m -> new Match(m.entry().with(verb), m.score())).toList();
    }

    /** The best matches; with a verb, only among what it applies to, its recent uses raised. */
    private List<Match> best(String q, Verb verb, RecentChoices.Snapshot recent, int limit) {
        // A min-heap of the best so far: the worst kept is dropped first; ties keep the earlier line.
        Comparator<int[]> worstFirst = Comparator.<int[]>comparingInt(a -> a[1]).thenComparing(a -> -a[0]);
        PriorityQueue<int[]> kept = new PriorityQueue<>(limit + 1, worstFirst);
        for (int i = 0; i < text.length; i++) {
            PaletteEntry e = entries.get(i);
            if (verb != null && !verb.appliesTo(e.target())) {
                continue;
            }
            int s = FuzzyMatch.score(text[i], q);
            if (alias[i] != null) {
                s = Math.max(s, FuzzyMatch.score(alias[i], q));
            }
            if (s == FuzzyMatch.NONE) {
                continue;
            }
            s += recent.bonus(verb, e.target());
            if (kept.size() < limit) {
                kept.add(new int[]{i, s});
            } else if (s > kept.peek()[1]) {
                kept.poll();
                kept.add(new int[]{i, s});
            }
        }
        List<int[]> sorted = new ArrayList<>(kept);
        sorted.sort(worstFirst.reversed());
        return sorted.stream().map(a -> new Match(entries.get(a[0]), a[1])).toList();
    }

    /**
     * Nothing typed (or only a verb): the recent choices that still exist, latest first, then the screens and
     * clusters (with a verb: the first lines it applies to), up to {@code limit}.
     */
    private List<Match> recentFirst(RecentChoices.Snapshot recent, Verb verb, int limit) {
        List<Match> out = new ArrayList<>();
        java.util.Set<Integer> listed = new java.util.HashSet<>();
        Map<Target, Integer> where = find(recent.targets());
        for (RecentChoices.Choice c : recent.choices()) {
            Integer at = where.get(c.target());
            if (at == null || out.size() >= limit) {
                continue; // gone from the open clusters, or enough
            }
            PaletteEntry e = entries.get(at);
            int bonus = recent.bonus(c.verb(), c.target());
            if (verb == null) {
                out.add(new Match(c.verb() == null ? e : e.with(c.verb()), bonus));
                if (c.verb() == null) {
                    listed.add(at);
                }
            } else if ((c.verb() == null || c.verb() == verb) && verb.appliesTo(e.target()) && listed.add(at)) {
                out.add(new Match(e, bonus)); // once, as the verb done to it (the caller adds the verb)
            }
        }
        for (int i = 0; i < entries.size() && out.size() < limit; i++) {
            Target t = entries.get(i).target();
            boolean offered = verb == null ? t instanceof Target.Screen || t instanceof Target.Cluster : verb.appliesTo(t);
            if (offered && listed.add(i)) {
                out.add(new Match(entries.get(i), 0));
            }
        }
        return out;
    }

    /** Where each of {@code targets} is among the lines (the first line, when two lead to the same). */
    private Map<Target, Integer> find(java.util.Set<Target> targets) {
        Map<Target, Integer> at = new HashMap<>();
        for (int i = 0; i < entries.size() && at.size() < targets.size(); i++) {
            Target t = entries.get(i).target();
            if (targets.contains(t)) {
                at.putIfAbsent(t, i);
            }
        }
        return at;
    }

    private static int indexOfSpace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}
