package dev.flightdeck.app.checkpoints;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangVerdict;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * What a cluster's gangs put at stake: gangs by verdict, how many run at risk, the GPUs of halted
 * gangs, and the GPU-hours of work done since each live gang's newest checkpoint (what a failure
 * now would cost). {@code check} prints it; the fleet overview shows it per cluster.
 *
 * @param noCheckpoint live gangs whose checkpoint is unknown (their work at risk is not in the hours)
 * @param checkpoints  each gang's checkpoint as read for this tally, by key (read once: an object store may be behind it)
 */
public record GangRisk(Map<GangVerdict, Integer> byVerdict, int atRiskGangs, int haltedGpus, double gpuHoursAtRisk,
                       int noCheckpoint, Map<GangKey, CheckpointStatus> checkpoints) {

    public static final GangRisk NONE = new GangRisk(Map.of(), 0, 0, 0, 0, Map.of());

    public GangRisk {
        byVerdict = Map.copyOf(byVerdict);
        // A view, not a copy: the fleet overview builds one per cluster every second and nobody else holds the map.
        checkpoints = Collections.unmodifiableMap(checkpoints);
    }

    public static GangRisk of(List<Gang> gangs, Function<Gang, CheckpointStatus> checkpointOf, Instant now) {
        Map<GangVerdict, Integer> byVerdict = new EnumMap<>(GangVerdict.class);
        Map<GangKey, CheckpointStatus> read = new HashMap<>();
        int atRiskGangs = 0;
        int haltedGpus = 0;
        double hours = 0;
        int unknown = 0;
        for (Gang g : gangs) {
            byVerdict.merge(g.verdict(), 1, Integer::sum);
            atRiskGangs += g.atRisk() ? 1 : 0;
            CheckpointStatus ck = checkpointOf.apply(g);
            read.put(g.key(), ck);
            if (g.verdict() == GangVerdict.HALTED) {
                haltedGpus += g.gpusTotal();
            }
            // a queued gang has done no work yet: nothing of it is at risk
            if (g.verdict() != GangVerdict.FINISHED && g.verdict() != GangVerdict.FAILED
                    && g.verdict() != GangVerdict.QUEUED) {
                OptionalDouble h = GpuHoursAtRisk.of(g.gpusTotal(), ck, now);
                if (h.isPresent()) {
                    hours += h.getAsDouble();
                } else {
                    unknown++;
                }
            }
        }
        return new GangRisk(byVerdict, atRiskGangs, haltedGpus, hours, unknown, read);
    }

    public int count(GangVerdict v) {
        return byVerdict.getOrDefault(v, 0);
    }

    /** Gangs that cannot make progress: halted or failed. */
    public int stopped() {
        return count(GangVerdict.HALTED) + count(GangVerdict.FAILED);
    }
}
