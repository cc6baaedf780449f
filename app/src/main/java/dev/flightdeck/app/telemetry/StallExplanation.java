package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.app.settings.StallThresholds;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Why GPU telemetry does not call a gang stalled, in one line: a refusal to resume a gang the person sees hung must
 * say what the telemetry saw (a rank's GPUs missing from it, some GPUs working, or every GPU idle but not yet for the
 * whole stall window), not only the verdict it came to. The same facts {@link GpuActivityRules} judges by.
 */
public final class StallExplanation {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private StallExplanation() {
    }

    public static String whyNotStalled(Gang gang, TelemetryFrame frame, IdleTracker idle, StallThresholds t, Instant now) {
        String read = "GPU telemetry (" + frame.source() + ", read " + CLOCK.format(frame.at()) + " UTC)";
        for (RankSlot r : gang.ranks()) {
            if (r.state() != RankState.RUNNING) {
                return read + ": rank " + r.rank() + " is " + r.state().name().toLowerCase(Locale.ROOT)
                        + "; a stall is judged only while every rank runs";
            }
        }
        int gpus = 0;
        int working = 0;
        int idleTooShort = 0;
        Instant lastIdle = null;
        Map<String, List<GpuSignals>> byPod = GpuActivityRules.byPod(frame);
        for (RankSlot r : gang.ranks()) {
            List<GpuSignals> ofRank = byPod.getOrDefault(gang.key().namespace() + "/" + r.pod(),
                    List.of());
            for (GpuSignals g : ofRank) {
                Instant since = idle.idleSince(g.placement());
                if (since == null) {
                    working++;
                } else {
                    if (since.isAfter(now.minus(t.window()))) {
                        idleTooShort++;
                    }
                    lastIdle = lastIdle == null || since.isAfter(lastIdle) ? since : lastIdle;
                }
            }
            if (ofRank.isEmpty()) {
                return read + ": rank " + r.rank() + "'s GPUs (pod " + r.pod() + " on " + r.node()
                        + ") are not in it; a gang is judged only when every rank's GPUs are";
            }
            gpus += ofRank.size();
        }
        if (working > 0) {
            return String.format(Locale.ROOT, "%s: %d of its %d GPUs at or over %.0f%%", read, working, gpus,
                    t.idleBelowPercent());
        }
        if (idleTooShort > 0) {
            return String.format(Locale.ROOT, "%s: all %d GPUs under %.0f%%, %d of them only since %s UTC (%d s), under "
                            + "the %d s stall window", read, gpus, t.idleBelowPercent(), idleTooShort, CLOCK.format(lastIdle),
                    Duration.between(lastIdle, now).toSeconds(), t.window().toSeconds());
        }
        return read + ": all " + gpus + " GPUs idle for the stall window";
    }
}
