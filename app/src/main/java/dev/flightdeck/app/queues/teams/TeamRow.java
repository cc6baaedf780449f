package dev.flightdeck.app.queues.teams;

/**
 * One team's GPU capacity and work, as the live model has it.
 *
 * @param team          the key's value on the team's nodes, or {@link NodeTeams#NO_TEAM}
 * @param nodes         GPU nodes the team owns
 * @param gpusTotal     GPUs on those nodes (the kubelet's capacity, as the fleet header counts them)
 * @param gpusUsable    GPUs a new job could be given: allocatable GPUs of schedulable nodes whose verdict allows work
 *                      (trusted or degraded), the fleet header's "usable"
 * @param gpusAllocated GPUs requested by the unfinished pods bound to the team's nodes, whatever the node's state
 * @param gpusFree      usable GPUs no pod has asked for: per usable node, its usable GPUs less its allocated ones
 * @param gangsRunning  unfinished gangs with a rank on the team's nodes, none Pending, every placed rank going
 *                      (running, degraded or stalled)
 * @param gangsWaiting  unfinished gangs with a rank on the team's nodes and a rank still Pending
 * @param gangsQueued   jobs a queue (Kueue) holds before they have pods, whose ClusterQueue's flavors all stand for
 *                      the team's nodes (the team key among the flavors' node labels or taints)
 */
public record TeamRow(String team, int nodes, int gpusTotal, int gpusUsable, int gpusAllocated, int gpusFree,
                      int gangsRunning, int gangsWaiting, int gangsQueued) {

    public boolean noTeam() {
        return NodeTeams.NO_TEAM.equals(team);
    }
}
