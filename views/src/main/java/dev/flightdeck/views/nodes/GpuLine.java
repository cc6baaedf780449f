package dev.flightdeck.views.nodes;

import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuHealthRules;
import dev.flightdeck.app.telemetry.GpuSignals;

import java.util.Locale;

/**
 * One GPU of the selected node in words, as its last telemetry refresh saw it: a row of the node details' GPU table.
 * A pure function of the GPU's signals and its utilisation history, so it is tested without a scene. "—" where the
 * source had no such series.
 *
 * @param util      utilisation in percent now, NaN when unknown
 * @param history   utilisation over the last hour, oldest first, {@code GpuUtilHistory.MISSING} for gaps
 * @param clock     SM clock of its maximum, flagged when busy and clocked well under it (throttled, as the node's verdict judges it)
 * @param ecc       single-bit / double-bit ECC errors since the driver loaded, flagged on any double-bit one
 * @param rowRemap  "failed", "pending" (both flagged) or "none"
 * @param lastXid   the last Xid, flagged when it is new within the window
 * @param replays   PCIe and NVLink replays since the driver loaded ({@code PCIe 0 · NVLink 12}): link trouble a node
 *                  condition never shows; shown, not judged (a count alone does not say whether they are a storm now)
 * @param trouble   what makes the GPU a problem (a failed or pending row remap, double-bit ECC, a new Xid), or null
 */
public record GpuLine(int index, String model, double util, byte[] history, String utilText, String memory,
                      String temperature, String power, Flagged clock, Flagged ecc, Flagged rowRemap, Flagged lastXid,
                      String replays, String pod, String trouble) {

    /** A cell's words and whether they are a problem (bold, with a mark: never colour alone). */
    public record Flagged(String text, boolean flagged) {
    }

    private static final String NONE = "—";

    public static GpuLine of(GpuSignals g, byte[] history) {
        double util = g.utilPercent();
        double clock = g.value(DcgmField.SM_CLOCK);
        double max = g.value(DcgmField.MAX_SM_CLOCK);
        boolean throttled = GpuHealthRules.throttled(g); // flagged exactly where the node's verdict degrades it
        return new GpuLine(g.placement().gpu(), g.placement().model().isEmpty() ? NONE : g.placement().model(), util,
                history, Double.isNaN(util) ? NONE : fmt("%.0f%%", util), memory(g), unit(g, DcgmField.GPU_TEMP, "%.0f °C"),
                unit(g, DcgmField.POWER_USAGE, "%,.0f W"), new Flagged(clock(clock, max, throttled), throttled), ecc(g), rowRemap(g),
                xid(g), replays(g), g.placement().hasWorkload() ? g.placement().podNamespace() + "/" + g.placement().pod() : NONE,
                trouble(g));
    }

    /** {@code 41.2 / 80.0 GiB} from the framebuffer's used and free MiB. */
    private static String memory(GpuSignals g) {
        double used = g.value(DcgmField.FB_USED);
        double free = g.value(DcgmField.FB_FREE);
        if (Double.isNaN(used)) {
            return NONE;
        }
        return Double.isNaN(free) ? fmt("%.1f GiB used", used / 1024) : fmt("%.1f / %.1f GiB", used / 1024, (used + free) / 1024);
    }

    private static String clock(double clock, double max, boolean throttled) {
        if (Double.isNaN(clock)) {
            return NONE;
        }
        String s = Double.isNaN(max) || max <= 0 ? fmt("%,.0f MHz", clock) : fmt("%,.0f / %,.0f MHz", clock, max);
        return throttled ? s + " · throttled" : s;
    }

    private static Flagged ecc(GpuSignals g) {
        double sbe = g.value(DcgmField.ECC_SBE_VOL_TOTAL);
        double dbe = g.value(DcgmField.ECC_DBE_VOL_TOTAL);
        if (Double.isNaN(sbe) && Double.isNaN(dbe)) {
            return new Flagged(NONE, false);
        }
        return new Flagged(count(sbe) + " / " + count(dbe), dbe > 0);
    }

    private static Flagged rowRemap(GpuSignals g) {
        double failed = g.value(DcgmField.ROW_REMAP_FAILURE);
        double pending = g.value(DcgmField.ROW_REMAP_PENDING);
        if (failed >= 1) {
            return new Flagged("failed", true);
        }
        if (pending >= 1) {
            return new Flagged("pending", true);
        }
        return new Flagged(Double.isNaN(failed) && Double.isNaN(pending) ? NONE : "none", false);
    }

    private static Flagged xid(GpuSignals g) {
        double xid = g.value(DcgmField.XID_ERRORS);
        if (Double.isNaN(xid)) {
            return new Flagged(NONE, false);
        }
        if (xid == 0) {
            return new Flagged("none", false);
        }
        boolean fresh = g.xidChanged();
        return new Flagged(fmt("%.0f", xid) + (fresh ? " (new)" : ""), fresh);
    }

    private static String replays(GpuSignals g) {
        double pcie = g.value(DcgmField.PCIE_REPLAY_COUNTER);
        double nvlink = g.value(DcgmField.NVLINK_REPLAY_ERRORS);
        if (Double.isNaN(pcie) && Double.isNaN(nvlink)) {
            return NONE;
        }
        return "PCIe " + count(pcie) + " · NVLink " + count(nvlink);
    }

    private static String trouble(GpuSignals g) {
        if (g.value(DcgmField.ROW_REMAP_FAILURE) >= 1) {
            return "a row remapping failed";
        }
        if (g.value(DcgmField.ECC_DBE_VOL_TOTAL) > 0) {
            return "double-bit ECC errors";
        }
        if (g.value(DcgmField.ROW_REMAP_PENDING) >= 1) {
            return "a row remapping is pending";
        }
        if (g.xidChanged() && g.value(DcgmField.XID_ERRORS) > 0) {
            return "a new Xid";
        }
        return null;
    }

    private static String unit(GpuSignals g, DcgmField f, String format) {
        double v = g.value(f);
        return Double.isNaN(v) ? NONE : fmt(format, v);
    }

    private static String count(double v) {
        return Double.isNaN(v) ? NONE : fmt("%,.0f", v);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
