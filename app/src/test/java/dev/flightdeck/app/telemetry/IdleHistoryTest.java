package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.settings.StallThresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static dev.flightdeck.app.telemetry.Frames.NOW;
import static dev.flightdeck.app.telemetry.Frames.frame;
import static dev.flightdeck.app.telemetry.Frames.gangGpus;
import static dev.flightdeck.app.telemetry.Frames.runningGang;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Headless commands, each reading the exporters once, build a stall between them: what one learnt is saved and the
 * next takes it over, only when the two looked close enough together, and only for the same pods.
 */
class IdleHistoryTest {

    private static final StallThresholds T = StallThresholds.DEFAULTS;

    /** One headless command: a fresh judge, the saved history taken over, one frame judged, the history saved. */
    private static boolean stalledByACommandAt(Instant at, IdleHistoryFile file, List<GpuSignals> scraped, Gang gang) {
        TelemetryJudge judge = new TelemetryJudge(T);
        judge.restoreIdle(file.load(), at);
        var j = judge.judge(frame(scraped), List.of(gang), at);
        file.save(judge.idleState());
        var f = j.findings().gangs().get(gang.key());
        return f != null && f.verdict() == GangVerdict.STALLED;
    }

    @Test
    void commandsAMinuteApartBuildAStallThatNoSingleOneSees(@TempDir Path dir) {
        IdleHistoryFile file = IdleHistoryFile.forCluster(dir, "prod-east (https://10.0.0.1:6443)");
        Gang hung = runningGang("hung", 2);
        List<GpuSignals> scraped = gangGpus("hung", 2, 0, Double.NaN, -1, 0); // the exporters: no history of their own
        for (int minute = 0; minute < 10; minute++) {
            assertTrue(!stalledByACommandAt(NOW.plus(Duration.ofMinutes(minute)), file, scraped, hung),
                    "idle for " + minute + " min: not yet");
        }
        assertTrue(stalledByACommandAt(NOW.plus(Duration.ofMinutes(10)), file, scraped, hung), "idle at every look for 10 min");
        assertTrue(Files.isRegularFile(file.path()));
        assertTrue(file.path().getFileName().toString().startsWith("idle-prod-east__https___10.0.0.1_6443_-"), file.path().toString());
    }

    @Test
    void looksTooFarApartBuildNothing(@TempDir Path dir) {
        IdleHistoryFile file = IdleHistoryFile.forCluster(dir, "c");
        Gang hung = runningGang("hung", 2);
        List<GpuSignals> scraped = gangGpus("hung", 2, 0, Double.NaN, -1, 0);
        stalledByACommandAt(NOW, file, scraped, hung);
        // 6 minutes later (more than half the window): the GPUs may have worked in between.
        assertTrue(!stalledByACommandAt(NOW.plus(Duration.ofMinutes(6)), file, scraped, hung));
        assertTrue(!stalledByACommandAt(NOW.plus(Duration.ofMinutes(12)), file, scraped, hung));
        assertEquals(Duration.ofMinutes(2), IdleTracker.longestGap(T));
        assertEquals(Duration.ofMinutes(1), IdleTracker.longestGap(T.withStall(5, Duration.ofMinutes(1))),
                "never under two telemetry reads");
        assertEquals(Duration.ofSeconds(90), IdleTracker.longestGap(T.withStall(5, Duration.ofMinutes(3))));
    }

    @Test
    void aRankRestartedOnTheSameGpuStartsAfresh() {
        IdleTracker idle = new IdleTracker();
        List<GpuSignals> before = gangGpus("hung", 1, 0, Double.NaN, -1, 0);
        idle.observe(frame(before), T, NOW);
        GpuSignals g = before.getFirst();
        GpuPlacement same = g.placement();
        GpuPlacement restarted = new GpuPlacement(same.node(), same.gpu(), same.uuid(), same.model(), same.podNamespace(),
                same.pod() + "-restarted");
        idle.observe(frame(List.of(new GpuSignals(restarted, g.values(), g.utilMaxOverWindow(), false))), T,
                NOW.plusSeconds(30));
        assertNull(idle.idleSince(same), "the old pod is gone");
        assertEquals(NOW.plusSeconds(30), idle.idleSince(restarted), "the new pod's GPU is idle since it was first seen");
    }

    @Test
    void anUnreadableHistoryIsAnEmptyOne(@TempDir Path dir) throws Exception {
        IdleHistoryFile file = new IdleHistoryFile(dir.resolve("idle.json"));
        assertEquals(IdleTracker.State.NONE, file.load(), "none yet");
        Files.writeString(file.path(), "{\"observedAt\": \"yesterday\"}");
        assertEquals(IdleTracker.State.NONE, file.load());
        Files.writeString(file.path(), "not json");
        assertEquals(IdleTracker.State.NONE, file.load());
        IdleTracker.State s = new IdleTracker.State(NOW, java.util.Map.of("gpu-node-000/0/training/a-0", NOW.minusSeconds(90)));
        file.save(s);
        assertEquals(s, file.load());
    }
}
