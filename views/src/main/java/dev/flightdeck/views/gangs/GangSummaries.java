package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.views.nodes.NodeRank;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Pure derivations over all gangs shown: the header line, the filter choices, the ranks on each node. */
final class GangSummaries {

    private GangSummaries() {
    }

    /** {@code 9 gangs · 1 halted · 1 degraded · 7 running · 3 at risk}. */
    static String header(List<Gang> gangs) {
        if (gangs.isEmpty()) {
            return "No gangs yet.";
        }
        Map<GangVerdict, Integer> counts = new EnumMap<>(GangVerdict.class);
        int atRisk = 0;
        for (Gang g : gangs) {
            counts.merge(g.verdict(), 1, Integer::sum);
            atRisk += g.atRisk() ? 1 : 0;
        }
        StringBuilder sb = new StringBuilder().append(gangs.size()).append(gangs.size() == 1 ? " gang" : " gangs");
        counts.forEach((v, n) -> sb.append(" · ").append(n).append(' ').append(v.label()));
        if (atRisk > 0) {
            sb.append(" · ").append(atRisk).append(" at risk");
        }
        return sb.toString();
    }

    /** The namespaces with gangs, sorted: the namespace filter's choices. */
    static List<String> namespaces(List<Gang> gangs) {
        return gangs.stream().map(g -> g.key().namespace()).distinct().sorted().toList();
    }

    /** The systems with gangs, in their declared order: the system filter's choices. */
    static List<GangSystem> systems(List<Gang> gangs) {
        return gangs.stream().map(g -> g.key().system()).distinct().sorted().toList();
    }

    /** The ranks on each node, by gang then rank. */
    static Map<String, List<NodeRank>> ranksByNode(List<Gang> gangs) {
        Map<String, List<NodeRank>> out = new HashMap<>();
        for (Gang g : gangs) {
            for (RankSlot s : g.ranks()) {
                if (s.node() != null) {
                    out.computeIfAbsent(s.node(), n -> new ArrayList<>()).add(new NodeRank(g.key(), s));
                }
            }
        }
        out.values().forEach(l -> l.sort(Comparator.comparing((NodeRank x) -> x.gang().toString())
                .thenComparingInt(x -> x.slot().rank())));
        return out;
    }
}
