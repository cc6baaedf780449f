package dev.flightdeck.app.queues.teams;

import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.Taint;

/** Which team owns a node, read from the node label or taint the cluster's settings name. */
public final class NodeTeams {

    /** The row of nodes that carry the key with no value, or not at all. */
    public static final String NO_TEAM = "(no team)";

    private NodeTeams() {
    }

    /**
     * The node's team: the label's value, else the value of a taint with that key (a team that keeps others off its
     * nodes often taints them and labels nothing); null when neither names one. The label wins when both are there
     * and differ, as node selectors (how a team's pods find its nodes) match labels.
     */
    public static String teamOf(NodeFacts node, String key) {
        String label = node.label(key);
        if (label != null && !label.isEmpty()) {
            return label;
        }
        for (Taint t : node.taints()) {
            if (t.key().equals(key) && t.value() != null && !t.value().isEmpty()) {
                return t.value();
            }
        }
        return null;
    }

    /** Each GPU node's shown team by its name: what a gang filter looks its ranks' nodes up in. */
    public static java.util.Map<String, String> byNode(java.util.List<dev.flightdeck.app.nodes.GpuNode> nodes, String key) {
        java.util.Map<String, String> out = new java.util.HashMap<>(nodes.size() * 2);
        for (dev.flightdeck.app.nodes.GpuNode n : nodes) {
            out.put(n.name(), shownTeamOf(n.facts(), key));
        }
        return out;
    }

    /** As {@link #teamOf}, with {@link #NO_TEAM} for a node that names none: the name the table and filters show. */
    public static String shownTeamOf(NodeFacts node, String key) {
        String team = teamOf(node, key);
        return team == null ? NO_TEAM : team;
    }
}
