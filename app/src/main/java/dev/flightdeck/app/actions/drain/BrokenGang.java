package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.gangs.GangKey;

import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A gang this drain halts: evicting any one rank stops the whole collective, so the cost is every
 * GPU in the gang times the time since its last complete checkpoint.
 *
 * @param ranksOnNode     ranks of the gang on the drained node
 * @param checkpointAge   time since the newest complete checkpoint, or null when unknown
 * @param gpuHoursAtRisk  GPUs in the gang × checkpoint age; empty when the age is unknown (never 0)
 */
public record BrokenGang(GangKey key, List<Integer> ranksOnNode, int gpus, Duration checkpointAge,
                         OptionalDouble gpuHoursAtRisk) {

    public BrokenGang {
        ranksOnNode = List.copyOf(ranksOnNode);
    }
}
