package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.views.nodes.NodeRank;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the gangs screen derives over all gangs — the header line, the filter choices,
 * the ranks on each node — kept up to date gang by gang ({@link #add}, {@link #replace},
 * {@link #remove}). A batch costs what its gangs hold, never a
 * walk over every gang and rank (at 1,500 gangs and 100k ranks a rebuild per batch was
 * 18–40% of the FX thread under churn).
 */
final class GangSummaries {

    /** By gang (namespace, name, system), then rank: how the node details list a node's ranks. */
    static final Comparator<NodeRank> RANK_ORDER = Comparator
            .comparing((NodeRank r) -> r.gang(), GangKey.ORDER)
            .thenComparingInt(r -> r.slot().rank());

    private final Map<GangVerdict, Integer> verdicts = new EnumMap<>(GangVerdict.class);
    private final TreeMap<String, Integer> namespaces = new TreeMap<>();
    private final Map<GangSystem, Integer> systems = new EnumMap<>(GangSystem.class);
    // Which gangs have ranks on a node; the ranks themselves are read from the gang when asked.
    // A rank restarting or turning ready leaves this alone: only a rank moving node touches it.
    private final Map<String, Set<GangKey>> gangsByNode = new HashMap<>();
    private final Map<GangKey, Gang> gangs = new HashMap<>();
    private int atRisk;

    void add(Gang g) {
        count(g, 1);
        gangs.put(g.key(), g);
        for (RankSlot s : g.ranks()) {
            if (s.node() != null) {
                gangsByNode.computeIfAbsent(s.node(), n -> new HashSet<>(4)).add(g.key());
            }
        }
    }

    void remove(Gang g) {
        count(g, -1);
        gangs.remove(g.key());
        unplace(g);
    }

    /** {@code old} became {@code next} (same key). */
    void replace(Gang old, Gang next) {
        count(old, -1);
        count(next, 1);
        gangs.put(next.key(), next);
        if (!sameNodes(old, next)) {
            unplace(old);
            for (RankSlot s : next.ranks()) {
                if (s.node() != null) {
                    gangsByNode.computeIfAbsent(s.node(), n -> new HashSet<>(4)).add(next.key());
                }
            }
        }
    }

    private void unplace(Gang g) {
        for (RankSlot s : g.ranks()) {
            Set<GangKey> on = s.node() == null ? null : gangsByNode.get(s.node());
            if (on != null) {
                on.remove(g.key());
                if (on.isEmpty()) {
                    gangsByNode.remove(s.node());
                }
            }
        }
    }

    private static boolean sameNodes(Gang a, Gang b) {
        List<RankSlot> x = a.ranks();
        List<RankSlot> y = b.ranks();
        if (x.size() != y.size()) {
            return false;
        }
        for (int i = 0; i < x.size(); i++) {
            if (!java.util.Objects.equals(x.get(i).node(), y.get(i).node())) {
                return false;
            }
        }
        return true;
    }

    private void count(Gang g, int delta) {
        atRisk += g.atRisk() ? delta : 0;
        add(verdicts, g.verdict(), delta);
        add(namespaces, g.key().namespace(), delta);
        add(systems, g.key().system(), delta);
    }

    private static <K> void add(Map<K, Integer> counts, K key, int delta) {
        counts.merge(key, delta, (a, b) -> a + b == 0 ? null : a + b);
    }

    void clear() {
        atRisk = 0;
        verdicts.clear();
        namespaces.clear();
        systems.clear();
        gangsByNode.clear();
        gangs.clear();
    }

    /** {@code 9 gangs · 1 halted · 1 degraded · 7 running · 3 at risk}. */
    String header() {
        int total = gangs.size();
        if (total == 0) {
            return "No gangs yet.";
        }
        StringBuilder sb = new StringBuilder().append(total).append(total == 1 ? " gang" : " gangs");
        verdicts.forEach((v, n) -> sb.append(" · ").append(n).append(' ').append(v.label()));
        if (atRisk > 0) {
            sb.append(" · ").append(atRisk).append(" at risk");
        }
        return sb.toString();
    }

    /** The namespaces with gangs, sorted: the namespace filter's choices. */
    List<String> namespaces() {
        return List.copyOf(namespaces.keySet());
    }

    /** The systems with gangs, in their declared order: the system filter's choices. */
    List<GangSystem> systems() {
        return List.copyOf(systems.keySet());
    }

    /** The ranks on {@code node}, by gang then rank; empty when none. */
    List<NodeRank> ranksOn(String node) {
        Set<GangKey> on = gangsByNode.get(node);
        if (on == null) {
            return List.of();
        }
        List<NodeRank> out = new ArrayList<>();
        for (GangKey key : on) {
            for (RankSlot s : gangs.get(key).ranks()) {
                if (node.equals(s.node())) {
                    out.add(new NodeRank(key, s));
                }
            }
        }
        out.sort(RANK_ORDER);
        return List.copyOf(out);
    }
}
