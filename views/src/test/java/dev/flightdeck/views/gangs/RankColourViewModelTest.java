package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.views.telemetry.TelemetryViewModel;
import dev.flightdeck.views.telemetry.TestFrames;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rank map's utilisation colouring from hand-built telemetry frames read by a real poller; no scene. */
class RankColourViewModelTest {

    private final GangsViewModel gangs = new GangsViewModel(Clock.systemUTC(), Runnable::run, Runnable::run);
    private final TelemetryViewModel telemetry = new TelemetryViewModel(Runnable::run, Runnable::run);
    private final RankColourViewModel colours = new RankColourViewModel(gangs, telemetry.snapshotProperty());
    private final Gang gang = TestFrames.runningGang("llm", 4);

    /** Rank r's GPUs at 10·(r+1) % … (rank 2: GPUs at 0 and 100, mean 50), rank 3 without series. */
    private static List<GpuSignals> gpus() {
        List<GpuSignals> out = new ArrayList<>(TestFrames.gangGpus("llm", 2, r -> 10 * (r + 1)));
        out.add(TestFrames.gpu("gpu-node-002", 0, "llm-2", 0));
        out.add(TestFrames.gpu("gpu-node-002", 1, "llm-2", 100));
        // The same pod name in another namespace is another pod: not rank 3's.
        out.add(new GpuSignals(new dev.flightdeck.app.telemetry.GpuPlacement("gpu-node-003", 0, "", "", "elsewhere", "llm-3"),
                java.util.Map.of(dev.flightdeck.app.telemetry.DcgmField.GPU_UTIL, 99.0), 99, false));
        return out;
    }

    @Test
    void eachRanksColourIsItsGpusMeanUtilisationAndARankWithoutSeriesHasNoData() {
        TestFrames.Feed feed = new TestFrames.Feed();
        telemetry.attach(feed.poller);
        gangs.setAll(List.of(gang));
        gangs.select(gang.key());
        feed.read(TestFrames.frame(gpus()), Duration.ofSeconds(30));
        assertSame(RankUtilisation.NONE, colours.utilisationProperty().get(), "state mode looks nothing up");

        colours.modeProperty().set(RankColouring.GPU_UTILISATION);
        RankUtilisation u = colours.utilisationProperty().get();
        List<RankSlot> ranks = gangs.selectedLineProperty().get().gang().ranks();
        assertEquals(10, u.of(ranks.get(0)), 1e-9);
        assertEquals(20, u.of(ranks.get(1)), 1e-9);
        assertEquals(50, u.of(ranks.get(2)), 1e-9);
        assertTrue(Double.isNaN(u.of(ranks.get(3))), "no GPU series name training/llm-3");
        assertEquals(3, u.withData());
        assertEquals("mean 27% over 3 ranks · 1 rank without GPU series", u.note());

        // The next refresh recolours the map.
        feed.read(TestFrames.frame(TestFrames.gangGpus("llm", 4, r -> 0)), Duration.ofSeconds(30));
        RankUtilisation idle = colours.utilisationProperty().get();
        assertEquals(0, idle.of(ranks.get(3)), 1e-9);
        assertEquals("mean 0% over 4 ranks", idle.note());
    }

    @Test
    void withoutTelemetryEveryRankHasNoDataAndTheNoteSaysWhy() {
        TestFrames.Feed feed = new TestFrames.Feed();
        telemetry.attach(feed.poller);
        feed.read(null, Duration.ofSeconds(30));
        gangs.setAll(List.of(gang));
        gangs.select(gang.key());
        colours.modeProperty().set(RankColouring.GPU_UTILISATION);

        RankUtilisation u = colours.utilisationProperty().get();
        assertEquals(0, u.withData());
        assertTrue(Double.isNaN(u.of(gang.ranks().getFirst())));
        assertEquals("no GPU telemetry: a test Prometheus did not answer (test)", u.note());

        colours.modeProperty().set(RankColouring.STATE);
        assertSame(RankUtilisation.NONE, colours.utilisationProperty().get());
    }

    @Test
    void aStalledGangIsOneDarkColourFromEdgeToEdge() {
        var stalled = List.of(TestFrames.runningGang("llm", 4));
        TestFrames.Feed feed = new TestFrames.Feed(() -> stalled, f -> { });
        telemetry.attach(feed.poller);
        feed.read(TestFrames.frame(TestFrames.gangGpus("llm", 4, r -> 1)), Duration.ofSeconds(30));
        assertEquals(1, telemetry.snapshotProperty().get().summary().stalledGangs(), "the core judged it stalled");
        Gang judged = TestGangs.gang(dev.flightdeck.app.gangs.GangSystem.INDEXED_JOB, "training", "llm",
                GangVerdict.STALLED, 4, 1, 8, r -> dev.flightdeck.app.gangs.RankState.RUNNING, List.of("all idle"), false,
                java.util.Map.of());
        gangs.setAll(List.of(judged));
        gangs.select(judged.key());
        colours.modeProperty().set(RankColouring.GPU_UTILISATION);

        RankUtilisation u = colours.utilisationProperty().get();
        for (RankSlot s : judged.ranks()) {
            assertEquals(UtilisationScale.colour(1), UtilisationScale.colour(u.of(s)), "rank " + s.rank());
        }
        assertTrue(UtilisationScale.luminance(UtilisationScale.colour(1)) < 0.05, "idle is the scale's dark end");
    }
}
