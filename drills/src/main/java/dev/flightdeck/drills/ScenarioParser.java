package dev.flightdeck.drills;

import dev.flightdeck.drills.Scenario.ClusterStart;
import dev.flightdeck.drills.Scenario.Fault;
import dev.flightdeck.drills.Scenario.GangStart;
import dev.flightdeck.drills.Scenario.Goal;
import dev.flightdeck.drills.Scenario.Target;
import org.snakeyaml.engine.v2.nodes.Node;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a drill scenario (format: {@code docs/drill-scenarios.md}) and checks it whole
 * before anything starts: unknown keys, wrong types, faults aimed at what they cannot
 * strike, gangs and ranks that the starting cluster does not have, repeated ids. Every
 * refusal is a {@link ScenarioError} with file, line and column.
 */
public final class ScenarioParser {

    static final int MAX_NODES = 512;

    private static final List<String> TOP = List.of("id", "title", "level", "limit", "cluster", "brief", "faults",
            "mistakes", "reference");
    private static final List<String> CLUSTER = List.of("nodes", "gangs");
    private static final List<String> GANG = List.of("name", "namespace", "ranks", "gpus-per-rank", "checkpoint-every",
            "last-checkpoint");
    private static final List<String> FAULT = List.of("id", "kind", "target", "at", "on", "lasts", "detected",
            "mitigated", "recovered");
    private static final List<String> TARGET = List.of("node", "gang", "rank", "cluster");

    private ScenarioParser() {
    }

    public static Scenario parse(String file, String yaml) throws ScenarioError {
        YamlReader r = new YamlReader(file);
        Node root = r.root(yaml);
        Map<String, Node> top = r.mapping(root, "the scenario", TOP);
        String id = r.text(r.required(top, root, "id", "the scenario"), "id");
        if (!id.matches("[a-z0-9][a-z0-9-]{0,62}")) {
            throw r.error(top.get("id"), "id must be lower-case letters, digits and dashes, not '" + id + "'");
        }
        String title = r.text(r.required(top, root, "title", "the scenario"), "title");
        Scenario.Level level = r.word(r.required(top, root, "level", "the scenario"), "level", Scenario.Level.class);
        Duration limit = r.duration(r.required(top, root, "limit", "the scenario"), "limit");
        ClusterStart cluster = cluster(r, r.required(top, root, "cluster", "the scenario"));
        String brief = r.text(r.required(top, root, "brief", "the scenario"), "brief");
        List<Fault> faults = faults(r, r.required(top, root, "faults", "the scenario"), cluster);
        List<Scenario.Mistake> mistakes = new ArrayList<>();
        if (top.containsKey("mistakes")) {
            for (Node n : r.sequence(top.get("mistakes"), "mistakes")) {
                mistakes.add(r.word(n, "mistake", Scenario.Mistake.class));
            }
        }
        List<String> reference = new ArrayList<>();
        for (Node n : r.sequence(r.required(top, root, "reference", "the scenario"), "reference")) {
            reference.add(r.text(n, "a reference step"));
        }
        if (reference.isEmpty()) {
            throw r.error(top.get("reference"), "reference must name at least one step of the expected response");
        }
        return new Scenario(id, title, level, limit, cluster, brief, faults, mistakes, reference);
    }

    private static ClusterStart cluster(YamlReader r, Node node) throws ScenarioError {
        Map<String, Node> m = r.mapping(node, "cluster", CLUSTER);
        int nodes = r.whole(r.required(m, node, "nodes", "cluster"), "nodes", 4, MAX_NODES);
        List<GangStart> gangs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int gpus = 0;
        for (Node g : r.sequence(r.required(m, node, "gangs", "cluster"), "gangs")) {
            Map<String, Node> gm = r.mapping(g, "a gang", GANG);
            String name = r.text(r.required(gm, g, "name", "a gang"), "name");
            if (!names.add(name)) {
                throw r.error(gm.get("name"), "gang '" + name + "' is defined twice");
            }
            String ns = gm.containsKey("namespace") ? r.text(gm.get("namespace"), "namespace") : "training";
            int ranks = r.whole(r.required(gm, g, "ranks", "a gang"), "ranks", 1, 4_096);
            int perRank = gm.containsKey("gpus-per-rank") ? r.whole(gm.get("gpus-per-rank"), "gpus-per-rank", 1, 8) : 8;
            Duration every = r.duration(r.required(gm, g, "checkpoint-every", "a gang"), "checkpoint-every");
            Duration last = r.duration(r.required(gm, g, "last-checkpoint", "a gang"), "last-checkpoint");
            gpus += ranks * perRank;
            gangs.add(new GangStart(ns, name, ranks, perRank, every, last));
        }
        if (gpus > nodes * 8) {
            throw r.error(node, "the gangs need " + gpus + " GPUs but " + nodes + " nodes have " + nodes * 8);
        }
        return new ClusterStart(nodes, gangs);
    }

    private static List<Fault> faults(YamlReader r, Node node, ClusterStart cluster) throws ScenarioError {
        List<Fault> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Node f : r.sequence(node, "faults")) {
            Map<String, Node> m = r.mapping(f, "a fault", FAULT);
            String id = r.text(r.required(m, f, "id", "a fault"), "fault id");
            if (!ids.add(id)) {
                throw r.error(m.get("id"), "fault id '" + id + "' is used twice");
            }
            FaultKind kind = r.word(r.required(m, f, "kind", "a fault"), "fault kind", FaultKind.class);
            Target target = target(r, m.get("target"), f, kind, cluster);
            if (m.containsKey("at") == m.containsKey("on")) {
                throw r.error(f, "fault '" + id + "' needs exactly one of 'at' (a time after the start) or 'on' "
                        + "(an operator's move on its target)");
            }
            Duration at = m.containsKey("at") ? r.duration(m.get("at"), "at") : null;
            Scenario.Trigger on = m.containsKey("on") ? r.word(m.get("on"), "trigger", Scenario.Trigger.class) : null;
            if (on != null && kind.targets() == FaultKind.TargetKind.CLUSTER) {
                throw r.error(m.get("on"), kind.word() + " has no target for the operator to act on: give it 'at'");
            }
            Duration lasts = null;
            if (m.containsKey("lasts")) {
                if (kind != FaultKind.APF_STORM && kind != FaultKind.CHECKPOINT_STORE_UNREACHABLE) {
                    throw r.error(m.get("lasts"), "only apf-storm and checkpoint-store-unreachable lift by themselves; "
                            + kind.word() + " stays until the operator deals with it");
                }
                lasts = r.duration(m.get("lasts"), "lasts");
            }
            Fault fault = new Fault(id, kind, target, at, on, lasts, goals(r, m.get("detected"), "detected", kind, target),
                    goals(r, m.get("mitigated"), "mitigated", kind, target),
                    goals(r, m.get("recovered"), "recovered", kind, target));
            if (fault.detected().isEmpty() && fault.mitigated().isEmpty() && fault.recovered().isEmpty()) {
                throw r.error(f, "fault '" + id + "' sets no goal: say at least what counts as detected");
            }
            if (fault.finalGoals().contains(Goal.STAYED_WITHIN_REQUEST_BUDGET) && lasts == null) {
                throw r.error(f, "stayed-within-request-budget is judged when the storm ends: give the fault 'lasts'");
            }
            out.add(fault);
        }
        if (out.isEmpty()) {
            throw r.error(node, "a drill needs at least one fault");
        }
        return out;
    }

    private static Target target(YamlReader r, Node node, Node fault, FaultKind kind, ClusterStart cluster)
            throws ScenarioError {
        if (kind.targets() == FaultKind.TargetKind.CLUSTER) {
            if (node != null) {
                throw r.error(node, kind.word() + " strikes the whole cluster: it takes no target");
            }
            return new Target.Cluster();
        }
        if (node == null) {
            throw r.error(fault, kind.word() + " needs a target");
        }
        Map<String, Node> m = r.mapping(node, "a target", TARGET);
        if (m.containsKey("node")) {
            if (m.size() != 1 || kind.targets() != FaultKind.TargetKind.NODE) {
                throw r.error(node, kind.word() + " takes " + expected(kind) + ", not a node by name");
            }
            String name = r.text(m.get("node"), "node");
            return new Target.Node(name);
        }
        Node gangNode = r.required(m, node, "gang", "a target");
        String gang = r.text(gangNode, "gang");
        GangStart g = cluster.gangs().stream().filter(x -> x.name().equals(gang)).findFirst()
                .orElseThrow(() -> r.error(gangNode, "no gang '" + gang + "' in the starting cluster; it has "
                        + cluster.gangs().stream().map(GangStart::name).toList()));
        if (!m.containsKey("rank")) {
            if (kind.targets() == FaultKind.TargetKind.NODE) {
                throw r.error(node, kind.word() + " strikes a node: name one, or a gang and a rank on it");
            }
            return new Target.Gang(gang);
        }
        int rank = r.whole(m.get("rank"), "rank", 0, g.ranks() - 1);
        return new Target.RankNode(gang, rank);
    }

    private static String expected(FaultKind kind) {
        return kind.targets() == FaultKind.TargetKind.NODE ? "a node" : "a gang (and optionally a rank)";
    }

    private static List<Goal> goals(YamlReader r, Node node, String what, FaultKind kind, Target target)
            throws ScenarioError {
        if (node == null) {
            return List.of();
        }
        List<Goal> out = new ArrayList<>();
        for (Node n : r.sequence(node, what)) {
            Goal g = r.word(n, "goal", Goal.class);
            String why = GoalFit.whyNot(g, kind, target);
            if (why != null) {
                throw r.error(n, why);
            }
            out.add(g);
        }
        return out;
    }
}
