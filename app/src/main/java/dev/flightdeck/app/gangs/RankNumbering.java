package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Flattens two-level ranks into one number per pod: roles in the order their system gives
 * ({@link PodRank#roleOrder()}), else launcher, master, leader, chief first, then by name;
 * groups in order within a role, and {@code flat = role offset + group × group size + index
 * in group}. This gives JobSet's {@code job-global-index × parallelism + completion index}
 * (each replicated job a role with its own parallelism, so a 1-pod driver before 2-pod
 * workers leaves no hole) and PyTorchJob's {@code worker index + 1} when a master exists.
 * Pods without an index take the free numbers of their group in name order.
 */
final class RankNumbering {

    record Member(PodRank rank, PodFacts pod) {
    }

    record Numbered(int flat, Member member) {
    }

    private static final List<String> FIRST_ROLES = List.of("launcher", "master", "leader", "chief");

    private RankNumbering() {
    }

    static List<Numbered> number(List<Member> members) {
        Map<String, Integer> order = new HashMap<>();
        members.forEach(m -> order.merge(m.rank().role(), m.rank().roleOrder(), Math::min));
        Map<String, List<Member>> byRole = new TreeMap<>(Comparator.<String>comparingInt(order::get)
                .thenComparingInt(RankNumbering::roleOrder).thenComparing(Comparator.naturalOrder()));
        for (Member m : members) {
            byRole.computeIfAbsent(m.rank().role(), r -> new ArrayList<>()).add(m);
        }
        List<Numbered> out = new ArrayList<>();
        int offset = 0;
        for (List<Member> role : byRole.values()) {
            int groupSize = 1;
            int groups = 1;
            for (Member m : role) {
                groupSize = Math.max(groupSize, m.rank().indexInGroup() + 1);
                groups = Math.max(groups, m.rank().group() + 1);
            }
            Map<Integer, List<Member>> byGroup = new TreeMap<>();
            role.forEach(m -> byGroup.computeIfAbsent(m.rank().group(), g -> new ArrayList<>()).add(m));
            for (Map.Entry<Integer, List<Member>> g : byGroup.entrySet()) {
                List<Member> unindexed = new ArrayList<>();
                Map<Integer, Member> taken = new LinkedHashMap<>();
                for (Member m : g.getValue()) {
                    if (m.rank().indexInGroup() < 0) {
                        unindexed.add(m);
                    } else {
                        taken.put(m.rank().indexInGroup(), m);
                        out.add(new Numbered(offset + g.getKey() * groupSize + m.rank().indexInGroup(), m));
                    }
                }
                unindexed.sort(Comparator.comparing(m -> m.pod().name()));
                int next = 0;
                for (Member m : unindexed) {
                    while (taken.containsKey(next)) {
                        next++;
                    }
                    taken.put(next, m);
                    out.add(new Numbered(offset + g.getKey() * Math.max(groupSize, taken.size()) + next, m));
                }
                groupSize = Math.max(groupSize, taken.size());
            }
            offset += groups * groupSize;
        }
        return out;
    }

    private static int roleOrder(String role) {
        int i = FIRST_ROLES.indexOf(role);
        return i < 0 ? FIRST_ROLES.size() : i;
    }
}
