package dev.flightdeck.views.gangs;

import dev.flightdeck.app.checkpoints.Checkpoint;
import dev.flightdeck.app.checkpoints.GpuHoursAtRisk;
import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.gangs.Gang;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The text of each gangs-table cell and checkpoint line, as pure functions of a
 * {@link GangLine}, so the table, the panels and the tests say the same thing.
 */
public final class GangCells {

    private GangCells() {
    }

    /** {@code training/rlhf-actor}. */
    public static String name(Gang g) {
        return g.key().namespace() + "/" + g.key().name();
    }

    /** {@code 15/16}: ready of expected; {@code 14/16 (15 present)} when some are missing altogether. */
    public static String ranks(Gang g) {
        String s = g.ready() + "/" + g.expected();
        return g.present() < g.expected() ? s + " (" + g.present() + " present)" : s;
    }

    /** {@code 128 (8/rank)}. */
    public static String gpus(Gang g) {
        return g.gpusPerRank() > 0 ? g.gpusTotal() + " (" + g.gpusPerRank() + "/rank)" : String.valueOf(g.gpusTotal());
    }

    /** {@code 42m}, {@code 9h20m}, {@code unknown}, or {@code reading…} before the first read returns. */
    public static String checkpointAge(GangLine l) {
        if (l.checkpoint() == null) {
            return "reading…";
        }
        return l.checkpoint().age(l.now()).map(Ages::format).orElse("unknown");
    }

    /** {@code 42m · fresh}: the age with its level in words (the colour only repeats it). */
    public static String checkpointAgeWithLevel(GangLine l) {
        if (l.checkpoint() == null) {
            return "reading…";
        }
        CheckpointAge level = level(l);
        return level == CheckpointAge.UNKNOWN ? "unknown" : checkpointAge(l) + " · " + level.label();
    }

    public static CheckpointAge level(GangLine l) {
        return CheckpointAge.of(l.checkpoint(), l.now());
    }

    /** GPUs × hours since the newest checkpoint: {@code 1,234 GPU-h}; {@code unknown}, never 0, when not known. */
    public static String gpuHoursAtRisk(GangLine l) {
        OptionalDouble h = hoursAtRisk(l);
        if (h.isEmpty()) {
            return l.checkpoint() == null ? "reading…" : "unknown";
        }
        double v = h.getAsDouble();
        return (v < 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%,.0f", v)) + " GPU-h";
    }

    public static OptionalDouble hoursAtRisk(GangLine l) {
        return l.checkpoint() == null ? OptionalDouble.empty()
                : GpuHoursAtRisk.of(l.gang().gpusTotal(), l.checkpoint(), l.now());
    }

    public static String reasons(Gang g) {
        return g.reasonText();
    }

    /** {@code step 1,000} or {@code step unknown}. */
    public static String step(Checkpoint c) {
        return c.step() == Checkpoint.UNKNOWN_STEP ? "step unknown" : String.format(Locale.ROOT, "step %,d", c.step());
    }

    /** {@code 42m ago}. */
    public static String ago(Instant then, Instant now) {
        return then == null ? "time unknown" : Ages.ago(then, now);
    }

    /** {@code +30m} between a checkpoint and the one before it. */
    public static String spacing(Checkpoint newer, Checkpoint older) {
        if (newer.completedAt() == null || older.completedAt() == null) {
            return "";
        }
        return "+" + Ages.format(Duration.between(older.completedAt(), newer.completedAt()));
    }

    /** Unknown first (it may be the oldest), then oldest checkpoint first. */
    public static final Comparator<GangLine> AGE_ORDER = Comparator.comparing(
            (GangLine l) -> l.checkpoint() == null || l.checkpoint().newest() == null
                    || l.checkpoint().newest().completedAt() == null ? null : l.checkpoint().newest().completedAt(),
            Comparator.nullsFirst(Comparator.naturalOrder()));

    /** Most GPU-hours at risk first; unknown on top, since it may be the most. */
    public static final Comparator<GangLine> RISK_ORDER = Comparator.comparingDouble(
            (GangLine l) -> hoursAtRisk(l).orElse(Double.MAX_VALUE)).reversed();
}
