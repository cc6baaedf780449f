package dev.flightdeck.app.gangs;

import java.time.Instant;

/**
 * A job that Kueue holds in a queue: its Workload is pending and the job is suspended, so it has no
 * pods yet. The gang book shows it as a {@link GangVerdict#QUEUED} gang until its pods come.
 *
 * @param ranks  pods it asks for, over its pod sets
 * @param gpus   GPUs it asks for, over its pod sets
 * @param since  when it started waiting (created, or evicted last)
 * @param reason why it waits, at Kueue's layer ({@code queues.WaitingReason})
 * @param nodeValues the node label and taint values (key to value) that every flavor of its ClusterQueue stands
 *                   for: where it will run once admitted, as far as the queue says (a team's nodes, a GPU product);
 *                   empty when the flavors differ or say nothing
 */
public record QueuedGang(GangKey key, int ranks, int gpus, Instant since, String reason,
                         java.util.Map<String, String> nodeValues) {

    public QueuedGang {
        nodeValues = java.util.Map.copyOf(nodeValues);
    }

    /** One whose queue says nothing of where it will run. */
    public QueuedGang(GangKey key, int ranks, int gpus, Instant since, String reason) {
        this(key, ranks, gpus, since, reason, java.util.Map.of());
    }
}
