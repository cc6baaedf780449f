package dev.flightdeck.app.queues;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.QueuedGang;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The queues at one moment: every ClusterQueue's usage against its quota, and every pending Workload in
 * queue order (by ClusterQueue name, then Kueue's order within it) with why it waits. Immutable.
 *
 * @param workloads how many Workloads are known, pending or not
 * @param gangs     the pending Workloads as queued gangs, by the key their job's pods will form
 * @param volcanoQueues Volcano's Queues by name, where Volcano is served
 * @param admittedGangs the jobs whose Workload Kueue has admitted (not finished), by the key their pods form:
 *                      a Pending rank of one is held by something after Kueue
 */
public record QueuesSnapshot(List<ClusterQueueView> clusterQueues, List<QueuedWorkload> queued, int workloads,
                             Map<GangKey, QueuedGang> gangs, List<VolcanoQueue> volcanoQueues,
                             Set<GangKey> admittedGangs) {

    public static final QueuesSnapshot EMPTY = new QueuesSnapshot(List.of(), List.of(), 0, Map.of(), List.of(), Set.of());

    public QueuesSnapshot {
        admittedGangs = Set.copyOf(admittedGangs);
        clusterQueues = List.copyOf(clusterQueues);
        volcanoQueues = List.copyOf(volcanoQueues);
        queued = List.copyOf(queued);
        gangs = Map.copyOf(gangs);
    }

    /** The pending Workloads of one ClusterQueue, in queue order. */
    public List<QueuedWorkload> queuedIn(String clusterQueue) {
        return queued.stream().filter(q -> clusterQueue.equals(q.clusterQueue())).toList();
    }
}
