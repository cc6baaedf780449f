package dev.flightdeck.drills;

import dev.flightdeck.app.gangs.GangVerdict;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What the incident cost in GPU-hours: the GPUs of the drill's gangs that stood idle (not running)
 * times how long, plus, for every halt of a gang, the work since its newest complete checkpoint,
 * which a resume throws away (its GPUs × the age of that checkpoint when the gang halted).
 */
final class GpuHoursLedger {

    /** One halt of a gang: when, what its newest complete checkpoint was then, and the work lost. */
    record Halt(String gang, Instant at, Instant lastCheckpoint, int gpus, double lostGpuHours) { }

    private final Map<String, Integer> gpusPerGang;
    private final Function<String, Instant> newestCheckpoint;
    private final Map<String, Boolean> running = new HashMap<>();
    private final List<Halt> halts = new ArrayList<>();
    private double idleGpuHours;
    private Instant last;
    private int lastIdle;

    /** @param newestCheckpoint the save time of a gang's newest complete checkpoint now, or null */
    GpuHoursLedger(Map<String, Integer> gpusPerGang, Function<String, Instant> newestCheckpoint) {
        this.gpusPerGang = Map.copyOf(gpusPerGang);
        this.newestCheckpoint = newestCheckpoint;
    }

    /** One observation of every drill gang's verdict (null: not in the cluster); returns the GPUs idle now. */
    int observe(Instant at, Map<String, GangVerdict> verdicts) {
        int idle = 0;
        for (Map.Entry<String, Integer> g : gpusPerGang.entrySet()) {
            boolean now = verdicts.get(g.getKey()) == GangVerdict.RUNNING;
            Boolean before = running.put(g.getKey(), now);
            if (Boolean.TRUE.equals(before) && !now) {
                Instant ckpt = newestCheckpoint.apply(g.getKey());
                double lost = ckpt == null ? 0 : g.getValue() * Math.max(0, Duration.between(ckpt, at).toMillis()) / 3.6e6;
                halts.add(new Halt(g.getKey(), at, ckpt, g.getValue(), lost));
            }
            if (!now) {
                idle += g.getValue();
            }
        }
        if (last != null) {
            idleGpuHours += lastIdle * Duration.between(last, at).toMillis() / 3.6e6;
        }
        last = at;
        lastIdle = idle;
        return idle;
    }

    double idleGpuHours() {
        return idleGpuHours;
    }

    double lostWorkGpuHours() {
        return halts.stream().mapToDouble(Halt::lostGpuHours).sum();
    }

    List<Halt> halts() {
        return List.copyOf(halts);
    }
}
