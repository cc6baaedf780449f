package dev.flightdeck.app.checkpoints;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** GPU-hours at risk: known when the checkpoint's completion time is, unknown (not 0) otherwise. */
class CheckpointGpuHoursTest {

    private static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");

    private static CheckpointStatus completedAt(Instant t) {
        Checkpoint cp = new Checkpoint("s3://ckpt/llm/step-1/", 1, t, null);
        return new CheckpointStatus(CheckpointSource.ANNOTATIONS, cp, List.of(cp), null);
    }

    @Test
    void gpusTimesHoursSinceNewestCompleteCheckpoint() {
        // 512 GPUs, last checkpoint 1 h 30 min ago: 768 GPU-hours would be lost.
        assertEquals(OptionalDouble.of(768.0),
                GpuHoursAtRisk.of(512, completedAt(Instant.parse("2026-11-22T02:30:00Z")), NOW));
        assertEquals(OptionalDouble.of(16.0 * 10 / 60),
                GpuHoursAtRisk.of(16, completedAt(Instant.parse("2026-11-22T03:50:00Z")), NOW));
    }

    @Test
    void knownZeroIsZero() {
        assertEquals(OptionalDouble.of(0.0), GpuHoursAtRisk.of(0, completedAt(NOW.minusSeconds(3600)), NOW));
        assertEquals(OptionalDouble.of(0.0), GpuHoursAtRisk.of(64, completedAt(NOW), NOW));
    }

    @Test
    void unknownCheckpointIsUnknownNotZero() {
        assertEquals(OptionalDouble.empty(), GpuHoursAtRisk.of(64, CheckpointStatus.none(), NOW));
        assertEquals(OptionalDouble.empty(), GpuHoursAtRisk.of(64,
                CheckpointStatus.failed(CheckpointSource.OBJECT_STORAGE, "no checkpoints under s3://ckpt/llm/"), NOW));
        assertEquals(OptionalDouble.empty(), GpuHoursAtRisk.of(64, completedAt(null), NOW)); // step known, time not
        assertEquals(OptionalDouble.empty(), GpuHoursAtRisk.of(-1, completedAt(NOW.minusSeconds(60)), NOW));
        assertEquals(OptionalDouble.empty(), GpuHoursAtRisk.of(64, null, NOW));
    }
}
