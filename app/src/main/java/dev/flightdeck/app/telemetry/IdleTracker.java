package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.settings.StallThresholds;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Since when each GPU has been idle under the pod holding it, across refreshes. A source with history (a Prometheus)
 * says at first sight that a GPU stayed idle over the whole window, so it counts as idle since the window's start; a
 * source without (one scrape of the exporters) is learnt refresh by refresh, and a headless command, which lives for
 * one refresh, carries what the previous one learnt ({@link #state()}, {@link #restore}). A GPU is tracked with its
 * pod: a rank restarted on the same GPU starts afresh, and a GPU idle before its pod came does not make the pod's gang
 * stalled. A GPU not in a frame is forgotten: memory is one entry per idle GPU.
 */
public final class IdleTracker {

    /** What was learnt, as of the last frame observed: a headless command saves it for the next one. */
    public record State(Instant observedAt, Map<String, Instant> idleSince) {
        public static final State NONE = new State(Instant.EPOCH, Map.of());

        public State {
            idleSince = Map.copyOf(idleSince);
        }
    }

    private final Map<String, Instant> idleSince = new HashMap<>();
    private Instant observedAt = Instant.EPOCH;

    /** Folds in one frame at {@code now}. */
    public void observe(TelemetryFrame frame, StallThresholds t, Instant now) {
        Set<String> seen = new HashSet<>();
        for (GpuSignals g : frame.gpus()) {
            String key = key(g.placement());
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
        observedAt = now;
    }

    /** Since when the GPU has been idle under the pod now holding it, or null when it is not. */
    public Instant idleSince(GpuPlacement gpu) {
        return idleSince.get(key(gpu));
    }

    public State state() {
        return new State(observedAt, idleSince);
    }

    /**
     * Takes over what an earlier process learnt, when it looked recently enough ({@link #longestGap}) that a GPU idle
     * then and idle now may be taken for idle in between; older knowledge is dropped, since the GPU may have worked
     * meanwhile. The next {@link #observe} keeps only the GPUs still idle.
     */
    public void restore(State earlier, StallThresholds t, Instant now) {
        if (earlier.observedAt().isAfter(now) || Duration.between(earlier.observedAt(), now).compareTo(longestGap(t)) > 0) {
            return;
        }
        earlier.idleSince().forEach((k, since) -> idleSince.merge(k, since, (a, b) -> a.isBefore(b) ? a : b));
    }

    /**
     * The longest time between two looks over which idleness is taken to have lasted: half the stall window, at least
     * a minute (two of the console's 30 s telemetry reads: a `check --watch` hands its history to the next command
     * however short the window) and at most two minutes (a `check` every minute from cron builds a stall over ten;
     * one an hour apart builds nothing).
     */
    static Duration longestGap(StallThresholds t) {
        Duration half = t.window().dividedBy(2);
        if (half.compareTo(Duration.ofMinutes(1)) < 0) {
            return Duration.ofMinutes(1);
        }
        return half.compareTo(Duration.ofMinutes(2)) < 0 ? half : Duration.ofMinutes(2);
    }

    private static String key(GpuPlacement p) {
        return p.hasWorkload() ? p.key() + "/" + p.podNamespace() + "/" + p.pod() : p.key();
    }
}
