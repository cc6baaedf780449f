package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.settings.StallThresholds;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Since when each GPU has been idle, across refreshes. A source with history (a Prometheus) says at first sight that a
 * GPU stayed idle over the whole window, so it counts as idle since the window's start; a source without (one scrape of
 * the exporters) is learnt refresh by refresh. A GPU not in a frame is forgotten: memory is one entry per idle GPU.
 */
public final class IdleTracker {

    private final Map<String, Instant> idleSince = new HashMap<>();

    /** Folds in one frame at {@code now}. */
    public void observe(TelemetryFrame frame, StallThresholds t, Instant now) {
        Set<String> seen = new HashSet<>();
        for (GpuSignals g : frame.gpus()) {
            String key = g.placement().key();
            seen.add(key);
            double util = g.utilPercent();
            if (Double.isNaN(util) || util >= t.idleBelowPercent()) {
                idleSince.remove(key);
                continue;
            }
            boolean idleAllWindow = !Double.isNaN(g.utilMaxOverWindow()) && g.utilMaxOverWindow() < t.idleBelowPercent();
            Instant since = idleAllWindow ? now.minus(frame.window()) : now;
            idleSince.merge(key, since, (old, fresh) -> old.isBefore(fresh) ? old : fresh);
        }
        idleSince.keySet().retainAll(seen);
    }

    /** Since when the GPU ({@link GpuPlacement#key()}) has been idle, or null when it is not. */
    public Instant idleSince(String gpuKey) {
        return idleSince.get(gpuKey);
    }
}
