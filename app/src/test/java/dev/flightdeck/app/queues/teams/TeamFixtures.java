package dev.flightdeck.app.queues.teams;

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

/** GPU nodes and gangs as the model would hand them over, judged by the console's own trust rules. */
final class TeamFixtures {

    static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
    static final String KEY = "example.com/team";

    private TeamFixtures() {
    }

    /** A node builder: labels, taints, GPUs and what is wrong with it. */
    static final class Node {
        private final String name;
        private final Map<String, String> labels = new HashMap<>(Map.of("nvidia.com/gpu.present", "true"));
        private final List<Taint> taints = new ArrayList<>();
        private final List<NodeCondition> conditions = new ArrayList<>(
                List.of(new NodeCondition("Ready", "True", "KubeletReady", "", NOW.minusSeconds(3600))));
        private int capacity = 8;
        private int allocatable = 8;
        private boolean cordoned;
        private int inUse;

        Node(String name) {
            this.name = name;
        }

        Node label(String k, String v) {
            labels.put(k, v);
            return this;
        }

        Node taint(String k, String v) {
            taints.add(new Taint(k, v, "NoSchedule"));
            return this;
        }

        Node gpus(int capacity, int allocatable) {
            this.capacity = capacity;
            this.allocatable = allocatable;
            return this;
        }

        Node cordoned() {
            cordoned = true;
            return this;
        }

        /** A GPU fault NVSentinel reports: the node's GPUs are untrusted. */
        Node xid() {
            conditions.add(new NodeCondition("SysLogsXIDError", "True", "XID79", "Xid 79", NOW.minusSeconds(60)));
            return this;
        }

        Node inUse(int gpus) {
            inUse = gpus;
            return this;
        }

        GpuNode build() {
            NodeFacts facts = new NodeFacts(name, "uid-" + name, "1", NOW.minusSeconds(86400), labels, Map.of(), cordoned,
                    taints, conditions, capacity, allocatable);
            PreflightState pre = PreflightReader.read(facts, PreflightConvention.DEFAULT);
            return new GpuNode(facts, pre, PreflightReader.cordon(facts), GpuTrustRules.assess(facts, pre, NOW), inUse,
                    inUse);
        }
    }

    static Node node(String name) {
        return new Node(name);
    }

    /** A rank of {@code gpus} GPUs in {@code state} on {@code node} (null: not bound). */
    static RankSlot rank(int r, RankState state, String node) {
        return new RankSlot(r, "", "pod-" + r, node, state, 0, 4, null, null, null);
    }

    static Gang gang(String name, GangVerdict verdict, RankSlot... ranks) {
        int ready = (int) java.util.Arrays.stream(ranks).filter(s -> s.state() == RankState.RUNNING).count();
        return new Gang(new GangKey(GangSystem.INDEXED_JOB, "training", name), ranks.length, ranks.length, ready, 4,
                4 * ranks.length, 1, NOW.minusSeconds(3600), verdict, List.of(), false, List.of(ranks), Map.of());
    }
}
