package dev.flightdeck.app.telemetry;

import java.util.EnumMap;
import java.util.Map;

/**
 * One GPU's signals at one refresh: the latest value of each {@link DcgmField} the source had, plus the highest
 * utilisation over the stall window when the source can say it (a Prometheus, with {@code max_over_time}); a source
 * without history (one scrape of the exporters) leaves it NaN and the stall detector keeps its own.
 *
 * @param utilMaxOverWindow highest utilisation (percent) over {@link TelemetryFrame#window()} under the GPU's current
 *                          workload, or NaN (no history, or the workload got the GPU within the window)
 * @param xidChanged        the last-Xid gauge changed within the window (a new Xid), as the source saw it
 */
public record GpuSignals(GpuPlacement placement, Map<DcgmField, Double> values, double utilMaxOverWindow,
                         boolean xidChanged) {

    public GpuSignals {
        values = values.isEmpty() ? Map.of() : new EnumMap<>(values);
    }

    /** The field's value, or NaN when the source did not have it. */
    public double value(DcgmField f) {
        Double v = values.get(f);
        return v == null ? Double.NaN : v;
    }

    public boolean has(DcgmField f) {
        return values.containsKey(f);
    }

    /**
     * Utilisation in percent: the graphics engine's activity where profiling metrics are on (more honest under
     * NCCL's busy-waiting), else DCGM's GPU_UTIL; NaN when neither is there.
     */
    public double utilPercent() {
        if (has(DcgmField.GR_ENGINE_ACTIVE)) {
            return value(DcgmField.GR_ENGINE_ACTIVE) * 100;
        }
        return value(DcgmField.GPU_UTIL);
    }
}
