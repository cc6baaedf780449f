package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.settings.StallThresholds;

import dev.flightdeck.app.nodes.GpuHealthFinding;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.GpuActivityFinding;
import dev.flightdeck.app.model.GpuTelemetryFindings;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Turns each telemetry frame into the model's findings (node health, gang activity) and a summary. Keeps, across
 * frames, only since when each GPU has been idle ({@link IdleTracker}). One per cluster session; one thread calls it.
 */
public final class TelemetryJudge {

    /** What one frame came to. */
    public record Judgement(GpuTelemetryFindings findings, TelemetrySummary summary) { }

    private final StallThresholds thresholds;
    private final IdleTracker idle = new IdleTracker();

    public TelemetryJudge(StallThresholds thresholds) {
        this.thresholds = thresholds;
    }

    public StallThresholds thresholds() {
        return thresholds;
    }

    /** What the judge has learnt of idle GPUs, for a headless command to hand to the next one. */
    public IdleTracker.State idleState() {
        return idle.state();
    }

    /** Takes over what an earlier command learnt of idle GPUs (when it is recent: {@link IdleTracker#restore}). */
    public void restoreIdle(IdleTracker.State earlier, Instant now) {
        idle.restore(earlier, thresholds, now);
    }

    /** Why {@code gang} is not called stalled by {@code frame}, the last frame judged (see {@link StallExplanation}). */
    public String whyNotStalled(Gang gang, TelemetryFrame frame, Instant now) {
        return StallExplanation.whyNotStalled(gang, frame, idle, thresholds, now);
    }

    /** @param gangs the cluster's gangs now (the model's) */
    public Judgement judge(TelemetryFrame frame, Collection<Gang> gangs, Instant now) {
        idle.observe(frame, thresholds, now);
        Map<String, List<GpuHealthFinding>> nodes = GpuHealthRules.assess(frame);
        Map<GangKey, GpuActivityFinding> activity = GpuActivityRules.assess(gangs, frame, idle, thresholds, now);
        int idleAllocated = (int) frame.gpus().stream().filter(g -> g.placement().hasWorkload()
                && g.utilPercent() < thresholds.idleBelowPercent()).count();
        int stalled = (int) activity.values().stream().filter(f -> f.verdict() == GangVerdict.STALLED).count();
        TelemetrySummary summary = new TelemetrySummary(frame.at(), frame.source(), frame.gpus().size(), frame.unplaced(),
                nodes.size(), idleAllocated, stalled, frame.problems(), null);
        return new Judgement(new GpuTelemetryFindings(nodes, activity), summary);
    }
}
