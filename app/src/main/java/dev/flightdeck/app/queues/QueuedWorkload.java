package dev.flightdeck.app.queues;

import java.time.Instant;
import java.util.Comparator;

/**
 * A pending Workload in its queue.
 *
 * @param clusterQueue its ClusterQueue (through its LocalQueue), null when that is not known
 * @param position     1 for the head of its ClusterQueue's queue as the console orders it
 * @param since        when it started waiting: created, or evicted last
 * @param reason       why it waits ({@link WaitingReason})
 */
public record QueuedWorkload(KueueObject.Workload workload, String clusterQueue, int position, Instant since,
                             String reason) {

    /**
     * Kueue's queue order within a ClusterQueue: higher priority first, then the longer waiting
     * (Kueue orders by creation, or by eviction time once evicted: its default requeuing timestamp).
     */
    public static final Comparator<QueuedWorkload> QUEUE_ORDER = Comparator
            .comparingInt((QueuedWorkload q) -> -q.workload().priority())
            .thenComparing(QueuedWorkload::since, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(q -> q.workload().key());

    /** The gang its job forms (queued now, its pods' later): where the Gangs screen shows it. */
    public dev.flightdeck.app.gangs.GangKey gang() {
        return QueuedGangs.keyOf(workload);
    }

    /** When a Workload started waiting: its last eviction, else its creation. */
    static Instant waitingSince(KueueObject.Workload w) {
        if (w.evicted() != null && w.evicted().since() != null) {
            return w.evicted().since();
        }
        return w.created();
    }
}
