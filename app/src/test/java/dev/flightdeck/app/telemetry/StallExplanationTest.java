package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.settings.StallThresholds;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static dev.flightdeck.app.telemetry.Frames.NOW;
import static dev.flightdeck.app.telemetry.Frames.frame;
import static dev.flightdeck.app.telemetry.Frames.gangGpus;
import static dev.flightdeck.app.telemetry.Frames.runningGang;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a refused resume says the telemetry saw of a gang it does not call stalled. */
class StallExplanationTest {

    private static final StallThresholds T = StallThresholds.DEFAULTS;

    private static String why(Gang gang, List<GpuSignals> gpus, IdleTracker idle) {
        idle.observe(frame(gpus), T, NOW);
        return StallExplanation.whyNotStalled(gang, frame(gpus), idle, T, NOW);
    }

    @Test
    void aRankWhoseGpusAreMissingIsNamed() {
        Gang g = runningGang("llm", 4);
        List<GpuSignals> gpus = new ArrayList<>(gangGpus("llm", 4, 0, Double.NaN, -1, 0));
        gpus.removeIf(s -> s.placement().pod().equals("llm-2"));
        assertEquals("GPU telemetry (a test Prometheus, read 14:30:00 UTC): rank 2's GPUs (pod llm-2 on gpu-node-002) are "
                + "not in it; a gang is judged only when every rank's GPUs are", why(g, gpus, new IdleTracker()));
    }

    @Test
    void workingGpusAreCounted() {
        Gang g = runningGang("llm", 2);
        List<GpuSignals> gpus = new ArrayList<>(gangGpus("llm", 2, 0, Double.NaN, -1, 0));
        gpus.set(3, Frames.gpu("gpu-node-000", 3, "llm-0", 70, Double.NaN));
        assertEquals("GPU telemetry (a test Prometheus, read 14:30:00 UTC): 1 of its 16 GPUs at or over 5%",
                why(g, gpus, new IdleTracker()));
    }

    @Test
    void gpusIdleForLessThanTheWindowSaySinceWhen() {
        Gang g = runningGang("llm", 2);
        IdleTracker idle = new IdleTracker();
        idle.restore(new IdleTracker.State(NOW.minusSeconds(20), java.util.Map.of()), T, NOW);
        List<GpuSignals> scraped = gangGpus("llm", 2, 0, Double.NaN, -1, 0); // a scrape: idle since now
        idle.observe(frame(scraped), T, NOW.minus(Duration.ofMinutes(3)));
        assertEquals("GPU telemetry (a test Prometheus, read 14:30:00 UTC): all 16 GPUs under 5%, 16 of them only since "
                + "14:27:00 UTC (180 s), under the " + T.window().toSeconds() + " s stall window", why(g, scraped, idle));
    }
}
