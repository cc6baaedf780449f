package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.nodes.GpuHealthFinding;
import dev.flightdeck.app.nodes.NodeVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a node's GPU telemetry says of its trust that no node condition does. Untrusted: a failed row remapping (the
 * memory has no spare rows left), a double-bit ECC error, a new critical Xid. Degraded: a row remapping pending (it
 * takes effect at the next GPU reset), a GPU throttled while busy. A pure function of the frame.
 */
public final class GpuHealthRules {

    /** Xids that mean the hardware, not the program: NVIDIA's Xid catalogue, by what each says. */
    private static final Map<Integer, String> CRITICAL_XIDS = Map.of(48, "double-bit ECC error", 63, "row remapping event",
            64, "row remapping failure", 74, "NVLink error", 79, "fell off the bus", 92, "high single-bit ECC rate",
            94, "contained ECC error", 95, "uncontained ECC error", 119, "GSP RPC timeout", 120, "GSP error");
    /** A busy GPU clocked this far under its maximum is throttled (an idle one clocks down by design). */
    static final double THROTTLED_CLOCK_FRACTION = 0.8;
    static final double BUSY_PERCENT = 50;

    private GpuHealthRules() {
    }

    /** Findings per node, only for nodes with one, GPUs in index order. */
    public static Map<String, List<GpuHealthFinding>> assess(TelemetryFrame frame) {
        Map<String, List<GpuHealthFinding>> out = new TreeMap<>();
        for (GpuSignals g : frame.gpus().stream().sorted(java.util.Comparator.comparingInt(s -> s.placement().gpu())).toList()) {
            List<GpuHealthFinding> found = assess(g);
            if (!found.isEmpty()) {
                out.computeIfAbsent(g.placement().node(), k -> new ArrayList<>()).addAll(found);
            }
        }
        return out;
    }

    static List<GpuHealthFinding> assess(GpuSignals g) {
        List<GpuHealthFinding> out = new ArrayList<>();
        String gpu = "GPU " + g.placement().gpu();
        if (g.value(DcgmField.ROW_REMAP_FAILURE) >= 1) {
            out.add(new GpuHealthFinding(NodeVerdict.UNTRUSTED, gpu + " failed a row remapping (no spare rows left; DCGM)"));
        }
        double dbe = g.value(DcgmField.ECC_DBE_VOL_TOTAL);
        if (dbe > 0) {
            out.add(new GpuHealthFinding(NodeVerdict.UNTRUSTED, gpu + ": " + count(dbe) + " double-bit ECC error"
                    + (dbe >= 2 ? "s" : "") + " since the driver loaded (DCGM)"));
        }
        int xid = (int) g.value(DcgmField.XID_ERRORS);
        if (g.xidChanged() && CRITICAL_XIDS.containsKey(xid)) {
            out.add(new GpuHealthFinding(NodeVerdict.UNTRUSTED, gpu + ": Xid " + xid + " (" + CRITICAL_XIDS.get(xid) + ", DCGM)"));
        }
        if (g.value(DcgmField.ROW_REMAP_PENDING) >= 1 && !(g.value(DcgmField.ROW_REMAP_FAILURE) >= 1)) { // NaN: no such series
            out.add(new GpuHealthFinding(NodeVerdict.DEGRADED, gpu + ": a row remapping is pending (takes effect at the next GPU reset)"));
        }
        if (throttled(g)) {
            double clock = g.value(DcgmField.SM_CLOCK);
            double max = g.value(DcgmField.MAX_SM_CLOCK);
            double util = g.utilPercent();
            double temp = g.value(DcgmField.GPU_TEMP);
            out.add(new GpuHealthFinding(NodeVerdict.DEGRADED, String.format(Locale.ROOT,
                    "%s throttled: SM clock %,.0f of %,.0f MHz while %.0f%% busy%s", gpu, clock, max, util,
                    Double.isNaN(temp) ? "" : String.format(Locale.ROOT, " (%.0f °C)", temp))));
        }
        return out;
    }

    /** Busy and clocked well under its maximum: throttled (an idle GPU clocks down by design). The views flag the same. */
    public static boolean throttled(GpuSignals g) {
        double clock = g.value(DcgmField.SM_CLOCK);
        double max = g.value(DcgmField.MAX_SM_CLOCK);
        return clock > 0 && max > 0 && g.utilPercent() >= BUSY_PERCENT && clock < THROTTLED_CLOCK_FRACTION * max;
    }

    private static String count(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }
}
