package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.settings.StallThresholds;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.GpuActivityFinding;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.flightdeck.app.telemetry.Frames.NOW;
import static dev.flightdeck.app.telemetry.Frames.frame;
import static dev.flightdeck.app.telemetry.Frames.gangGpus;
import static dev.flightdeck.app.telemetry.Frames.runningGang;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stalled gang (every rank's GPUs idle for the window) and a straggler, from one Prometheus frame or from several scrapes. */
class GpuActivityRulesTest {

    private static final StallThresholds T = StallThresholds.DEFAULTS;

    private static Map<dev.flightdeck.app.gangs.GangKey, GpuActivityFinding> judge(List<Gang> gangs, TelemetryFrame f, IdleTracker idle,
                                                                                   java.time.Instant now) {
        idle.observe(f, T, now);
        return GpuActivityRules.assess(gangs, f, idle, T, now);
    }

    @Test
    void aGangIdleForTheWholeWindowIsStalledAndABusyOneIsLeftAlone() {
        Gang hung = runningGang("hung", 4);
        Gang busy = runningGang("busy", 4);
        List<GpuSignals> gpus = new ArrayList<>(gangGpus("hung", 4, 0, 2, -1, 0));
        gpus.addAll(gangGpus("busy", 4, 96, 99, -1, 0).stream().map(g -> new GpuSignals(new GpuPlacement(
                g.placement().node().replace("gpu-node-00", "gpu-node-10"), g.placement().gpu(), "", "", "training",
                g.placement().pod()), g.values(), g.utilMaxOverWindow(), false)).toList());
        var found = judge(List.of(hung, busy), frame(gpus), new IdleTracker(), NOW);
        GpuActivityFinding f = found.get(hung.key());
        assertEquals(GangVerdict.STALLED, f.verdict());
        assertEquals("every rank Running, all 32 GPUs under 5% for 10 min (since 14:20 UTC): a hung collective? 5.3 GPU-hours burned",
                f.words());
        assertNull(found.get(busy.key()), "a busy gang is left alone");
    }

    @Test
    void withoutHistoryAGangIsStalledOnlyOnceItsGpusStayedIdleForTheWindow() {
        Gang hung = runningGang("hung", 2);
        IdleTracker idle = new IdleTracker();
        List<GpuSignals> scraped = gangGpus("hung", 2, 0, Double.NaN, -1, 0); // one scrape of the exporters: no history
        assertTrue(judge(List.of(hung), frame(scraped), idle, NOW.minus(Duration.ofMinutes(12))).isEmpty(), "idle for no time yet");
        assertTrue(judge(List.of(hung), frame(scraped), idle, NOW.minus(Duration.ofMinutes(5))).isEmpty(), "idle for 7 min");
        assertEquals(GangVerdict.STALLED, judge(List.of(hung), frame(scraped), idle, NOW).get(hung.key()).verdict(), "idle for 12 min");
        List<GpuSignals> oneBusy = new ArrayList<>(scraped);
        oneBusy.set(0, Frames.gpu("gpu-node-000", 0, "hung-0", 80, Double.NaN));
        assertTrue(judge(List.of(hung), frame(oneBusy), idle, NOW.plusSeconds(30)).isEmpty(), "one GPU working again: not stalled");
    }

    @Test
    void aRankFarBelowTheMedianIsNamedAsAStraggler() {
        Gang g = runningGang("llm", 8);
        var found = judge(List.of(g), frame(gangGpus("llm", 8, 94, 99, 5, 31)), new IdleTracker(), NOW);
        assertEquals(new GpuActivityFinding(GangVerdict.DEGRADED,
                "rank 5 straggles: its GPUs at 31% while the gang's median rank is at 94% (gpu-node-005)"), found.get(g.key()));
    }

    @Test
    void aGangWithARankWhoseGpusAreUnknownIsNotJudged() {
        Gang g = runningGang("llm", 4);
        List<GpuSignals> gpus = new ArrayList<>(gangGpus("llm", 4, 0, 1, -1, 0));
        gpus.removeIf(s -> s.placement().pod().equals("llm-3"));
        assertTrue(judge(List.of(g), frame(gpus), new IdleTracker(), NOW).isEmpty());
    }
}
