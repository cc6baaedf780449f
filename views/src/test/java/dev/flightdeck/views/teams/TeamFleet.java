package dev.flightdeck.views.teams;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.GpuTrustRules;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.nodes.PreflightReader;
import dev.flightdeck.app.nodes.PreflightState;
import dev.flightdeck.app.nodes.Taint;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** GPU nodes owned by teams (by label or taint) and gangs on them, judged by the console's own trust rules. */
final class TeamFleet {

    static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
    static final String KEY = "example.com/team";

    private TeamFleet() {
    }

    /**
     * @param team     the label's value, or null for none
     * @param taint    the taint's value, or null for none
     * @param withdrawn GPUs the device plugin withdrew (allocatable = 8 - withdrawn)
     */
    static GpuNode node(String name, String team, String taint, int withdrawn, boolean cordoned, int inUse) {
        Map<String, String> labels = new HashMap<>(Map.of("nvidia.com/gpu.present", "true"));
        if (team != null) {
            labels.put(KEY, team);
        }
        List<Taint> taints = taint == null ? List.of() : List.of(new Taint(KEY, taint, "NoSchedule"));
        NodeFacts facts = new NodeFacts(name, "uid-" + name, "1", NOW.minusSeconds(86400), labels, Map.of(), cordoned,
                taints, List.of(new NodeCondition("Ready", "True", "KubeletReady", "", NOW.minusSeconds(3600))), 8,
                8 - withdrawn);
        PreflightState pre = PreflightReader.read(facts, PreflightConvention.DEFAULT);
        return new GpuNode(facts, pre, PreflightReader.cordon(facts), GpuTrustRules.assess(facts, pre, NOW), inUse, inUse);
    }

    /** A gang of {@code ranks} 8-GPU ranks on the given nodes (null: Pending, bound nowhere). */
    static Gang gang(String name, GangVerdict verdict, String... nodes) {
        List<RankSlot> ranks = new ArrayList<>();
        for (int r = 0; r < nodes.length; r++) {
            RankState state = nodes[r] == null ? RankState.PENDING : RankState.RUNNING;
            ranks.add(new RankSlot(r, "", name + "-" + r, nodes[r], state, 0, 8, null, null, null));
        }
        int ready = (int) ranks.stream().filter(s -> s.state() == RankState.RUNNING).count();
        return new Gang(new GangKey(GangSystem.JOBSET, "training", name), nodes.length, nodes.length, ready, 8,
                8 * nodes.length, nodes.length, NOW.minusSeconds(7200), verdict, List.of(), false, ranks, Map.of());
    }
}
