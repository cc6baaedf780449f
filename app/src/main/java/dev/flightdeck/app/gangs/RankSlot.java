package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.NodeVerdict;

/**
 * One rank of a gang, for the rank map.
 *
 * @param rank        the flat rank (0-based)
 * @param role        replica type or task ("" when the system has one kind)
 * @param pod         the pod's name, null for a missing rank
 * @param node        the node it is bound to, null when unscheduled or missing
 * @param reason      why it is not running well, in words; null when it is
 * @param nodeVerdict the node's GPU trust verdict, null when not on a known GPU node
 * @param nodeWhy     the node's reasons when it is not trusted, else null
 */
public record RankSlot(int rank, String role, String pod, String node, RankState state, int restarts,
                       int gpus, String reason, NodeVerdict nodeVerdict, String nodeWhy) {

    public boolean onUntrustedNode() {
        return nodeVerdict != null && nodeVerdict != NodeVerdict.TRUSTED;
    }
}
