package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.settings.StallThresholds;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.GpuActivityFinding;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static dev.flightdeck.app.telemetry.Frames.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A cluster's own stall thresholds (here: under 20% for 2 minutes) are what the judge and the poller use. */
class TelemetryJudgeTest {

    private static final StallThresholds TWO_MINUTES = StallThresholds.DEFAULTS.withStall(20, Duration.ofMinutes(2));
    private static final Gang HUNG = Frames.runningGang("hung", 2);

    /** The gang's 16 GPUs at 15% from a source without history (the exporters), read at {@code at}. */
    private static TelemetryFrame scrapedAt15Percent(Instant at, Duration window) {
        return new TelemetryFrame(at, "the exporters", window, Frames.gangGpus("hung", 2, 15, Double.NaN, -1, 0), List.of(), 0);
    }

    private static GpuActivityFinding verdict(TelemetryJudge judge, Instant at) {
        return judge.judge(scrapedAt15Percent(at, judge.thresholds().window()), List.of(HUNG), at).findings().gangs()
                .get(HUNG.key());
    }

    @Test
    void aGangUnderTheClustersThresholdForItsWindowIsStalled() {
        TelemetryJudge judge = new TelemetryJudge(TWO_MINUTES);
        assertNull(verdict(judge, NOW.minus(Duration.ofMinutes(2))), "idle for no time yet");
        assertNull(verdict(judge, NOW.minus(Duration.ofSeconds(61))), "idle for 59 s");
        GpuActivityFinding f = verdict(judge, NOW);
        assertEquals(GangVerdict.STALLED, f.verdict());
        assertEquals("every rank Running, all 16 GPUs under 20% for 2 min (since 14:28 UTC): a hung collective? "
                + "0.5 GPU-hours burned", f.words());
        assertEquals(16, judge.judge(scrapedAt15Percent(NOW, TWO_MINUTES.window()), List.of(HUNG), NOW).summary()
                .idleAllocated(), "idle by the cluster's threshold");
    }

    @Test
    void underTheDefaultsTheSameGpusAreNotIdle() {
        TelemetryJudge judge = new TelemetryJudge(StallThresholds.DEFAULTS);
        for (int minutes = 12; minutes >= 0; minutes--) {
            assertNull(verdict(judge, NOW.minus(Duration.ofMinutes(minutes))), "15% is above 5%");
        }
    }

    @Test
    void thePollerAsksItsSourceForTheJudgesWindow() {
        List<Duration> asked = new ArrayList<>();
        TelemetrySource source = new TelemetrySource() {
            @Override
            public String describe() {
                return "a test Prometheus";
            }

            @Override
            public TelemetryFrame read(Duration window) {
                asked.add(window);
                // With history: the GPUs' maximum over the window asked is under 20%, so stalled at first sight.
                return new TelemetryFrame(NOW, describe(), window, Frames.gangGpus("hung", 2, 15, 18, -1, 0), List.of(), 0);
            }
        };
        TelemetryPoller poller = new TelemetryPoller(() -> source, new TelemetryJudge(TWO_MINUTES), () -> List.of(HUNG),
                findings -> { }, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(30));
        assertEquals(1, poller.readOnce().stalledGangs());
        assertEquals(List.of(Duration.ofMinutes(2)), asked, "max_over_time over the cluster's 2 minutes, not 10");
    }

    @Test
    void thresholdsOutOfRangeAreRefusedInWords() {
        assertEquals("the idle threshold must be a percentage between 0 and 100, not 100", assertThrows(
                IllegalArgumentException.class, () -> StallThresholds.DEFAULTS.withStall(100, Duration.ofMinutes(2)))
                .getMessage());
        assertEquals("the stall window must be from 1 to 1440 minutes, not 0.5 minutes", assertThrows(
                IllegalArgumentException.class, () -> StallThresholds.DEFAULTS.withStall(5, Duration.ofSeconds(30)))
                .getMessage());
    }
}
