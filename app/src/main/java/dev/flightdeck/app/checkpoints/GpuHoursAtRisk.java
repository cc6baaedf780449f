package dev.flightdeck.app.checkpoints;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalDouble;

/**
 * What a failure now would throw away: GPUs in the gang × hours since its newest complete checkpoint.
 * Unknown stays unknown (empty), never 0: "0 GPU-hours at risk" would tell an SRE a drain is free.
 */
public final class GpuHoursAtRisk {

    private GpuHoursAtRisk() {
    }

    /**
     * @param gpus GPUs held by the gang (all ranks); negative means not known
     * @return empty when the GPU count or the checkpoint's age is unknown
     */
    public static OptionalDouble of(int gpus, CheckpointStatus status, Instant now) {
        if (gpus < 0 || status == null || now == null) {
            return OptionalDouble.empty();
        }
        return status.age(now)
                .map(age -> OptionalDouble.of(gpus * hours(age)))
                .orElse(OptionalDouble.empty());
    }

    private static double hours(Duration d) {
        return d.toMillis() / 3_600_000.0;
    }
}
