package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pure facts about a gang's ranks for the rank map: which are broken, which need a look,
 * how many are in each state, and the ranks grouped by node (ranks sharing a node stay
 * adjacent; groups in order of their lowest rank; unplaced ranks together as one group).
 */
public final class RankGroups {

    private RankGroups() {
    }

    /** Ranks that stop the collective: failed, evicted, crashing, missing. Lowest rank first. */
    public static List<RankSlot> broken(Gang g) {
        return g.ranks().stream().filter(s -> s.state().haltsGang())
                .sorted(Comparator.comparingInt(RankSlot::rank)).toList();
    }

    /** Ranks that do not stop the gang yet but are not well: pending, not ready, or on an untrusted node. */
    public static List<RankSlot> attention(Gang g) {
        return g.ranks().stream().filter(s -> !s.state().haltsGang()
                        && (s.state() == RankState.PENDING || s.state() == RankState.NOT_READY
                        || s.state() == RankState.TERMINATING || s.onUntrustedNode()))
                .sorted(Comparator.comparingInt(RankSlot::rank)).toList();
    }

    public static Map<RankState, Integer> counts(Gang g) {
        Map<RankState, Integer> m = new EnumMap<>(RankState.class);
        for (RankSlot s : g.ranks()) {
            m.merge(s.state(), 1, Integer::sum);
        }
        return m;
    }

    /** Ranks grouped by node, each group in rank order, groups by their lowest rank. */
    public static List<List<RankSlot>> byNode(List<RankSlot> ranks) {
        List<RankSlot> ordered = new ArrayList<>(ranks);
        ordered.sort(Comparator.comparingInt(RankSlot::rank));
        Map<String, List<RankSlot>> groups = new LinkedHashMap<>();
        for (RankSlot s : ordered) {
            // Unplaced ranks (pending, missing) share one group, so they read as one gap, not many.
            String k = s.node() == null ? "\u0000unplaced" : s.node();
            groups.computeIfAbsent(k, x -> new ArrayList<>()).add(s);
        }
        return List.copyOf(groups.values());
    }
}
