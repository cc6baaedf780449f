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
 */
public record QueuedGang(GangKey key, int ranks, int gpus, Instant since, String reason) {
}
